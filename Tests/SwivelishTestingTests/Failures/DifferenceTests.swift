import Testing

@testable import SwivelishTesting

@Suite("The state differ")
struct DifferenceTests {
    struct Inner: Equatable { var flag = false; var title = "a" }
    enum Mode: Equatable { case idle, loading(progress: Int), failed(String) }
    struct Outer: Equatable {
        var inner = Inner()
        var mode = Mode.idle
        var note: String? = nil
        var list = [1, 2]
        var table: [String: Int] = ["a": 1]
    }

    @Test func equalValuesHaveNoDifference() {
        #expect(difference(expected: Outer(), actual: Outer()) == [])
    }

    @Test func nestedFieldsAreNamedByPath() {
        var actual = Outer()
        actual.inner.title = "b"
        #expect(difference(expected: Outer(), actual: actual) == [#"inner.title: expected "a", got "b""#])
    }

    @Test func enumCasesAndPayloads() {
        var actual = Outer()
        actual.mode = .loading(progress: 3)
        #expect(difference(expected: Outer(), actual: actual) == ["mode: expected idle, got loading(progress: 3)"])
        var expected = actual
        expected.mode = .loading(progress: 4)
        #expect(difference(expected: expected, actual: actual) == ["mode.loading.progress: expected 4, got 3"])
    }

    @Test func optionals() {
        var actual = Outer()
        actual.note = "hi"
        #expect(difference(expected: Outer(), actual: actual) == [#"note: expected nil, got "hi""#])
    }

    @Test func collectionsByIndexAndLength() {
        var actual = Outer()
        actual.list = [1, 3, 4]
        #expect(
            difference(expected: Outer(), actual: actual) == [
                "list[1]: expected 2, got 3", "list: expected 2 elements, got 3", "list[2]: extra 4",
            ])
    }

    @Test func dictionariesByKey() {
        var actual = Outer()
        actual.table = ["a": 2, "b": 1]
        #expect(
            difference(expected: Outer(), actual: actual) == [
                #"table["a"]: expected 1, got 2"#, #"table["b"]: extra 1"#,
            ])
    }
}
