import Foundation
import TodoCore

/// `RepeatProbe`: TodoCore's repeat rules, for a test that compares them with an independent
/// implementation (REPEAT-9; browser-tests/repeats/test_rrule_dateutil.py). Reads one JSON
/// object per line — `{"rule": "FREQ=…", "anchor": "YYYY-MM-DD", "after": "YYYY-MM-DD",
/// "steps": N}` — and answers each with one line: the rule's text as Todo writes it and its
/// next N dates after `after` (each next one counting its `COUNT` down, REPEAT-10), or the
/// problem that refused it.
struct Question: Decodable {
    let rule: String
    let anchor: CalendarDate
    let after: CalendarDate
    let steps: Int
}

struct Answer: Encodable {
    var text: String?
    var next: [CalendarDate] = []
    var problem: String?
}

func answer(_ question: Question) -> Answer {
    do {
        var rule = try RepeatRule(rruleText: question.rule)
        var result = Answer(text: rule.rruleText)
        var last = question.after
        while result.next.count < question.steps, let next = rule.nextDate(after: last, anchor: question.anchor) {
            result.next.append(next)
            last = next
            rule = rule.afterOccurrence
        }
        return result
    } catch {
        return Answer(problem: "\(error)")
    }
}

let encoder = JSONEncoder()
while let line = readLine() {
    let reply: Answer
    if let question = try? JSONDecoder().decode(Question.self, from: Data(line.utf8)) {
        reply = answer(question)
    } else {
        reply = Answer(problem: "not a question: \(line)")
    }
    print(String(decoding: try encoder.encode(reply), as: UTF8.self))
}
