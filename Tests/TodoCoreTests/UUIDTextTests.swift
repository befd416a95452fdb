import Foundation
import Testing
import TodoCore

@Suite("Ids as text")
struct UUIDTextTests {
    @Test("an id reads back from its text in either case, the same as Foundation reads it")
    func test_parse_agreesWithFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
        #expect(UUID(text: "00000000-0000-0000-0000-000000000000") == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(UUID(text: "FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF")?.uuidString == "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")
    }

    @Test("text that is not a canonical id is refused", arguments: [
        "", "0", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
        "123e4567e89b-12d3-a456-4266141740000", "123e4567-e89b-12d3-a456_426614174000",
        "123e4567-e89b-12d3-a456-42661417400g", "g23e4567-e89b-12d3-a456-426614174000",
        "123e4567-e89b-12d3-a456-42661417400é", " 23e4567-e89b-12d3-a456-426614174000",
    ])
    func test_parse_refusesOtherText(_ text: String) {
        #expect(UUID(text: text) == nil)
    }

    @Test("an id is written in lower case, as Foundation writes it lowered")
    func test_lowercasedText_agreesWithFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(id.lowercasedText == id.uuidString.lowercased())
        }
    }
}
