import Foundation
import Swivelish
import Testing
import TodosCore

// The settings every row reads: which marks a row can show, and the settings as an app saves them.

@Suite("TodoSettings")
struct TodoSettingsTests {
    @Test func whichMarksAreValid() {
        for mark in ["x", "X", "✓", "✔", "*", "+", "#", "1", "é", "ø", "✗", "★"] {
            #expect(TodoSettings.isValidMark(mark), "\(mark)")
        }
        for mark in ["", " ", "\t", "xx", "[", "]", "(", "✅", "🙂", "完", "한", "e\u{301}", "\u{301}", "\u{200B}"] {
            #expect(!TodoSettings.isValidMark(mark), "\(mark)")
        }
        #expect(
            CommandError.badMark("ab").description
                == #""ab" cannot be the done mark: one character, one column wide, not a space, a bracket or an "#
                + "emoji (such as x, ✓ or *)")
    }

    @Test func whatIsEncodedDecodesTheSame() throws {
        let settings = TodoSettings(doneMark: "✓", showsIDs: true)
        let data = try JSONEncoder().encode(settings)
        #expect(String(decoding: data, as: UTF8.self).contains(#""showsIDs":true"#))
        #expect(try JSONDecoder().decode(TodoSettings.self, from: data) == settings)
    }

    @Test func aMissingFieldTakesItsDefaultAndABadMarkThrows() throws {
        #expect(try JSONDecoder().decode(TodoSettings.self, from: Data("{}".utf8)) == TodoSettings())
        #expect(
            try JSONDecoder().decode(TodoSettings.self, from: Data(#"{"showsIDs": true}"#.utf8))
                == TodoSettings(showsIDs: true))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TodoSettings.self, from: Data(#"{"doneMark": "[x]"}"#.utf8))
        }
    }

}
