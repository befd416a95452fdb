import Foundation
import Testing
import TodoCore
import TodoPresentation
import TodoTestSupport

/// Where the plain words are used: the add form's ViewModel, quick add, the preview's chips and
/// the summary `todo add` prints (docs/specs/plain-words.md). Today is Saturday 11/21/2026.
@Suite("Plain words in the ViewModels")
struct PlainWordsInputTests {
    private let tomorrow = CalendarDate(iso: "2026-11-22")!
    private let friday = CalendarDate(iso: "2026-11-27")!

    private func makeForm() -> (ItemFormViewModel, InMemoryTodoStore) {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        return (ItemFormViewModel(store: store, today: { today }), store)
    }

    @Test("WORDS-14 an add that reads its words stores the title that is left and the values they name")
    func test_WORDS_14_formReadsTheWords() async throws {
        let (form, _) = makeForm()
        form.title = "Call mom tomorrow #Family @Home ~30m every mon,wed"
        form.readsPlainWords = true
        let item = try await form.save()
        #expect(item.title == "Call mom")
        #expect(item.dueDate == tomorrow)
        #expect(item.project == Project(name: "Family"))
        #expect(item.location == Location(name: "Home"))
        #expect(item.estimateMinutes == 30)
        #expect(item.repeatRule == .weekly(on: [.monday, .wednesday]))
    }

    @Test("WORDS-14 without reading (todo add --raw) the title is stored as typed")
    func test_WORDS_14_literalByDefault() async throws {
        let (form, _) = makeForm()
        form.title = "Call mom tomorrow #Family"
        let item = try await form.save()
        #expect(item.title == "Call mom tomorrow #Family")
        #expect(item.dueDate == nil && item.project == nil)
    }

    @Test("WORDS-14 a filled field wins over the words of its kind; the words still leave the title")
    func test_WORDS_14_fieldsWin() async throws {
        let (form, _) = makeForm()
        form.title = "Call mom tomorrow #Family ~30m"
        form.readsPlainWords = true
        form.dueDate = "2026-12-01"
        form.projectName = "Work"
        let item = try await form.save()
        #expect(item.title == "Call mom")
        #expect(item.dueDate == CalendarDate(iso: "2026-12-01"))
        #expect(item.project == Project(name: "Work"))
        #expect(item.estimateMinutes == 30)
    }

    @Test("WORDS-14 coordinates given as options stay with the place the words name")
    func test_WORDS_14_coordinatesKept() async throws {
        let (form, _) = makeForm()
        form.title = "Meet @\"Corner shop\""
        form.readsPlainWords = true
        form.latitude = "48.85"
        form.longitude = "2.35"
        let item = try await form.save()
        #expect(item.title == "Meet")
        #expect(item.location == Location(name: "Corner shop", latitude: 48.85, longitude: 2.35))
    }

    @Test("WORDS-16 WORDS-17 on the web the words win over the fields the page filled in")
    func test_WORDS_16_wordsWin() async throws {
        let (form, _) = makeForm()
        form.title = "Call mom fri #Family"
        form.readsPlainWords = true
        form.wordsWinOverFields = true
        form.projectName = "Home"
        form.dueDate = "2026-11-21"
        let item = try await form.save()
        #expect(item.title == "Call mom" && item.project == Project(name: "Family") && item.dueDate == friday)
        // No words of a kind: the page's value stays.
        let (other, _) = makeForm()
        other.title = "Buy milk"
        other.readsPlainWords = true
        other.wordsWinOverFields = true
        other.projectName = "Home"
        #expect(try await other.save().project == Project(name: "Home"))
    }

    @Test("WORDS-17 editing never reads the title")
    func test_WORDS_17_editDoesNotRead() async throws {
        let (form, store) = makeForm()
        let item = try await store.add(TodoDraft(title: "Old"))
        let edit = ItemFormViewModel(store: store, mode: .edit(item), today: { today })
        edit.readsPlainWords = true
        edit.title = "Read Friday fri"
        #expect(edit.titlePreview == nil)
        let saved = try await edit.save()
        #expect(saved.title == "Read Friday fri" && saved.dueDate == nil)
        _ = form
    }

    @Test("WORDS-13 a value the rules refuse stores nothing and says why")
    func test_WORDS_13_rulesRefuse() async throws {
        let (form, store) = makeForm()
        form.title = "Long #" + String(repeating: "x", count: 201)
        form.readsPlainWords = true
        await #expect(throws: TodoValidationError.projectNameTooLong(length: 201)) { try await form.save() }
        form.title = "Write ~200h"
        await #expect(throws: TodoValidationError.estimateOutOfRange(minutes: 12_000)) { try await form.save() }
        #expect(try await store.items().isEmpty)
    }

    @Test("WORDS-17 WORDS-19 the form's preview: the title that will be stored and a chip per value")
    func test_WORDS_19_preview() {
        let (form, _) = makeForm()
        form.readsPlainWords = true
        form.title = "Call mom tomorrow #Family @\"Corner shop\" ~1h30m every mon,wed"
        #expect(form.titlePreview == PlainWordsPreview(text: form.title, today: today))
        let preview = PlainWordsPreview(text: form.title, today: today)
        #expect(preview.title == "Call mom")
        #expect(preview.chips == [
            .init(kind: "dueDate", label: "Due Sun 11/22/2026", words: "tomorrow"),
            .init(kind: "project", label: "Project Family", words: "#Family"),
            .init(kind: "location", label: "Location Corner shop", words: "@\"Corner shop\""),
            .init(kind: "estimate", label: "Estimate 1h30m", words: "~1h30m"),
            .init(kind: "repeatRule", label: "Every Mon, Wed", words: "every mon,wed"),
        ])
        #expect(preview.summary == "Will store “Call mom”: Due Sun 11/22/2026, Project Family, Location Corner shop, Estimate 1h30m, Every Mon, Wed.")
        let plain = PlainWordsPreview(text: "Read Friday Night Lights", today: today)
        #expect(plain.chips.isEmpty && plain.summary.isEmpty)
        #expect(PlainWordsPreview(text: "Gym every day", today: today).chips.map(\.label) == ["Every day"])
        // Quick add's description lines are not read.
        #expect(PlainWordsPreview(text: "Call mom\nfri #Work", today: today).chips.isEmpty)
    }

    @Test("WORDS-18 quick add reads its first line; the words win over the sections' choices")
    func test_WORDS_18_quickAdd() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let quickAdd = QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: { today }), context: .project("Home"),
            today: { today })
        quickAdd.readsPlainWords = true
        quickAdd.text = "Call mom tomorrow #Family ~30m\nAsk about fri #Work"
        quickAdd.select("60", in: .estimate)
        let item = try #require(try await quickAdd.save())
        #expect(item.title == "Call mom")
        #expect(item.details == "Ask about fri #Work")
        #expect(item.dueDate == tomorrow && item.project == Project(name: "Family") && item.estimateMinutes == 30)
    }

    @Test("WORDS-18 quick add without reading keeps the title and the sections' choices")
    func test_WORDS_18_quickAddLiteral() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let quickAdd = QuickAddViewModel(
            store: store, source: StoreQuickAddOptions(store: store, today: { today }), context: .project("Home"),
            today: { today })
        quickAdd.text = "Call mom tomorrow #Family"
        let item = try #require(try await quickAdd.save())
        #expect(item.title == "Call mom tomorrow #Family" && item.project == Project(name: "Home"))
    }

    @Test("TIME-12 an add that reads its words stores the time they name with its date")
    func test_TIME_12_formReadsTheTime() async throws {
        let (form, _) = makeForm()
        form.title = "Call dentist tomorrow at 3pm"
        form.readsPlainWords = true
        let item = try await form.save()
        #expect(item.title == "Call dentist" && item.dueDate == tomorrow && item.dueTime == TimeOfDay(hour: 15, minute: 0))
        // A time without a date: today's.
        let (other, _) = makeForm()
        other.title = "明天下午3点开会"
        other.readsPlainWords = true
        let meeting = try await other.save()
        #expect(meeting.title == "开会" && meeting.dueDate == tomorrow && meeting.dueTime == TimeOfDay(hour: 15, minute: 0))
        let (third, _) = makeForm()
        third.title = "15時に歯医者"
        third.readsPlainWords = true
        let dentist = try await third.save()
        #expect(dentist.title == "歯医者" && dentist.dueDate == today && dentist.dueTime == TimeOfDay(hour: 15, minute: 0))
    }

    @Test("TIME-12 a time without a date goes with a date given another way, even where the words win")
    func test_TIME_12_timeTakesTheFieldsDate() {
        let reading = PlainWords.read("Call dentist at 3pm", today: today)
        #expect(reading.dueDate == today && reading.dueDateFromTime && reading.dueTime == TimeOfDay(hour: 15, minute: 0))
        let december = CalendarDate(iso: "2026-12-01")!
        for wordsWin in [true, false] {
            let draft = PlainWordsInput.apply(reading, to: TodoDraft(title: "", dueDate: december), wordsWin: wordsWin)
            #expect(draft.title == "Call dentist" && draft.dueDate == december && draft.dueTime == TimeOfDay(hour: 15, minute: 0))
        }
        // No date given: the day the time falls on.
        let bare = PlainWordsInput.apply(reading, to: TodoDraft(title: ""), wordsWin: true)
        #expect(bare.dueDate == today && bare.dueTime == TimeOfDay(hour: 15, minute: 0))
        // A date the words name wins where the words win, and an option's time wins where options win.
        let named = PlainWords.read("Call dentist tomorrow at 3pm", today: today)
        #expect(PlainWordsInput.apply(named, to: TodoDraft(title: "", dueDate: december), wordsWin: true).dueDate == tomorrow)
        let option = PlainWordsInput.apply(
            named, to: TodoDraft(title: "", dueDate: december, dueTime: TimeOfDay(hour: 9, minute: 30)), wordsWin: false)
        #expect(option.dueDate == december && option.dueTime == TimeOfDay(hour: 9, minute: 30))
    }

    @Test("TIME-12 WORDS-19 the preview shows the time: after the date's chip, or with the day it falls on")
    func test_TIME_12_previewChips() {
        let dated = PlainWordsPreview(text: "Call dentist tomorrow at 3pm", today: today)
        #expect(dated.title == "Call dentist")
        #expect(dated.chips == [
            .init(kind: "dueDate", label: "Due Sun 11/22/2026", words: "tomorrow"),
            .init(kind: "dueTime", label: "At 15:00", words: "at 3pm"),
        ])
        #expect(PlainWordsPreview(text: "Call dentist at 3pm", today: today).chips
            == [.init(kind: "dueTime", label: "Due Sat 11/21/2026 15:00", words: "at 3pm")])
        // It has passed: tomorrow's.
        #expect(PlainWordsPreview(text: "Call dentist at 3pm", today: today, now: TimeOfDay(hour: 16, minute: 0)).chips.map(\.label)
            == ["Due Sun 11/22/2026 15:00"])
        #expect(PlainWordsPreview(text: "下午3点开会", today: today, language: .simplifiedChinese).chips.map(\.label)
            == ["截止 2026/11/21 周六 15:00"])
        #expect(PlainWordsPreview(text: "明日15時に歯医者", today: today, language: .japanese).chips.map(\.label)
            == ["期限 2026/11/22（日）", "時刻 15:00"])
    }

    @Test("TIME-12 WORDS-14 the summary todo add prints has the time after the date")
    func test_TIME_12_summary() {
        let item = TodoItem(
            id: UUID(), title: "Call dentist", dueDate: tomorrow, dueTime: TimeOfDay(hour: 15, minute: 0),
            createdAt: Date(timeIntervalSince1970: 0))
        #expect(PlainWordsInput.summary(of: item) == ["due 11/22/2026 15:00"])
    }

    @Test("WORDS-14 the summary todo add prints after the title")
    func test_WORDS_14_summary() {
        let item = TodoItem(
            id: UUID(), title: "Call mom", dueDate: tomorrow, location: Location(name: "Corner shop"),
            project: Project(name: "Family"), estimateMinutes: 90, repeatRule: .weekly(on: [.wednesday, .monday]),
            createdAt: Date(timeIntervalSince1970: 0))
        #expect(PlainWordsInput.summary(of: item) == ["due 11/22/2026", "#Family", "@\"Corner shop\"", "~1h30m", "Every Mon, Wed"])
        #expect(PlainWordsInput.summary(of: TodoItem(id: UUID(), title: "A", createdAt: Date(timeIntervalSince1970: 0))).isEmpty)
    }
}
