import Swivelish
import Testing

@Suite("Message.as(_:)")
struct MessageTests {
    struct Ping: Message, Equatable { var number = 1 }
    enum Command: Message, Equatable { case start, stop(reason: String) }
    class Base: Message, @unchecked Sendable {}
    final class Derived: Base, @unchecked Sendable {}

    @Test func castsToTheExactType() {
        let message: any Message = Ping(number: 7)
        #expect(message.as(Ping.self) == Ping(number: 7))
        let command: any Message = Command.stop(reason: "done")
        #expect(command.as(Command.self) == .stop(reason: "done"))
    }

    @Test func givesNilForAnotherType() {
        let message: any Message = Ping()
        #expect(message.as(Command.self) == nil)
    }

    @Test func matchesNoSubclassWhereAsDoes() {
        let message: any Message = Derived()
        #expect(message.as(Base.self) == nil)
        #expect(message as? Base != nil)
        #expect(message.as(Derived.self) != nil)
    }
}
