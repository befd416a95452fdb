import Foundation
import Localization
import Testing
import TodoCore
import TodoInterop
import TodoPresentation
import TodoTestSupport

/// LANG-4 and LANG-7 in the Trash, the Undo notice and import reports: every sentence in the
/// language asked for, counts with the language's plural rule.
@Suite("Trash and transfer in three languages")
struct TrashLanguageTests {
    private static let hour: TimeInterval = 3600

    private func trashWithThreeRows(_ language: Language) async throws -> TrashViewModel {
        let env = TestEnvironment(tick: 0)
        let store = InMemoryTodoStore(environment: env.environment)
        let items = try await store.add(titles: ["Old", "牛乳を買う", "New"])
        _ = try await store.setDone(id: items[1].id, true)
        _ = try await store.delete(id: items[0].id)
        env.advance(by: 2 * 24 * Self.hour + 5 * Self.hour)
        _ = try await store.delete(id: items[1].id)
        env.advance(by: 3 * Self.hour)
        _ = try await store.delete(id: items[2].id)
        env.advance(by: 30)
        let trash = TrashViewModel(store: store, now: { env.now() }, language: language)
        try await trash.load()
        return trash
    }

    @Test("LANG-4 LANG-7 the Trash screen in Japanese: rows, counts and actions; titles untouched")
    func test_LANG_4_trashInJapanese() async throws {
        let trash = try await trashWithThreeRows(.japanese)
        #expect(trash.title == "ゴミ箱")
        #expect(trash.rows.map(\.deletedText) == ["たった今削除", "3時間前に削除", "2日前に削除"])
        #expect(trash.rows.map(\.remainingText) == ["29日後に完全に削除", "29日後に完全に削除", "27日後に完全に削除"])
        #expect(trash.explanation == "削除した項目はここに30日間残り、その後完全に削除されます。")
        #expect(trash.confirmEmptyQuestion == "3件の項目を完全に削除しますか？")
        #expect(trash.rows[1].title == "牛乳を買う", "LANG-11: a title is never translated")
        #expect(trash.rows[1].restoreAnnouncement == "「牛乳を買う」を完了に復元しました")
        #expect(trash.rows[0].deleteForeverLabel == "「New」を完全に削除")
        #expect(TrashViewModel.emptiedMessage(1, language: .japanese) == "1件の項目を完全に削除しました。")
        #expect(TrashViewModel.emptiedMessage(0, language: .japanese) == "ゴミ箱はすでに空です。")
    }

    @Test("LANG-4 LANG-7 the Trash screen in Chinese, and English keeps its one/other forms")
    func test_LANG_7_trashInChineseAndEnglishPlurals() async throws {
        let trash = try await trashWithThreeRows(.simplifiedChinese)
        #expect(trash.title == "废纸篓")
        #expect(trash.rows.map(\.deletedText) == ["刚刚删除", "3 小时前删除", "2 天前删除"])
        #expect(trash.confirmEmptyQuestion == "永久删除 3 个项目？")
        #expect(trash.rows[0].restoreAnnouncement == "已将“New”恢复到待办")
        #expect(TrashViewModel.emptiedMessage(2, language: .simplifiedChinese) == "已永久删除 2 个项目。")
        #expect(TrashError.notInTrash.message(.simplifiedChinese).hasPrefix("该项目不在废纸篓中"))
        #expect(TrashViewModel.emptiedMessage(1) == "Deleted 1 item forever.")
        #expect(TrashViewModel.emptiedMessage(2) == "Deleted 2 items forever.")
    }

    @Test("LANG-4 the Undo notice in Japanese and Chinese")
    func test_LANG_4_undoNotice() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let item = try await store.add(TodoDraft(title: "Buy milk"))
        _ = try await store.delete(id: item.id)
        let ja = try #require(try await UndoNotice.load(id: item.id, store: store, language: .japanese))
        #expect(ja.message == "「Buy milk」を削除しました")
        #expect(ja.actionTitle == "元に戻す")
        #expect(ja.actionLabel == "「Buy milk」の削除を取り消す")
        #expect(ja.restoredAnnouncement == "「Buy milk」を元に戻しました")
        let zh = try #require(try await UndoNotice.load(id: item.id, store: store, language: .simplifiedChinese))
        #expect(zh.message == "已删除“Buy milk”")
        #expect(zh.actionTitle == "撤销")
    }

    @Test("LANG-7 an import summary counts in the language: “Imported 1 item”, “Imported 3 items”, 3 件, 3 个项目")
    func test_LANG_7_importSummary() async throws {
        let csv = Data("title\nA\nB\nC\n".utf8)
        func headline(_ language: Language, _ data: Data, format: InteropFormat? = .csv) async throws -> String {
            let store = InMemoryTodoStore(environment: TestEnvironment().environment)
            return try await TransferViewModel(store: store, language: language)
                .importData(data, format: format, source: "list.csv", dryRun: false).headline
        }
        #expect(try await headline(.english, csv) == "Imported 3 items from list.csv: 3 added, 0 updated, 0 unchanged.")
        #expect(try await headline(.english, Data("title\nA\n".utf8)) == "Imported 1 item from list.csv: 1 added, 0 updated, 0 unchanged.")
        #expect(try await headline(.japanese, csv) == "list.csvから3件の項目をインポートしました：追加 3件、更新 0件、変更なし 0件。")
        #expect(try await headline(.simplifiedChinese, csv) == "已从list.csv导入 3 个项目：新增 3 项，更新 0 项，0 项未变。")
        // Detected: the format is named.
        #expect(try await headline(.japanese, csv, format: nil).hasSuffix("CSVとして読み込みました。"))
        // A refusal is worded too (the reader's own reason is its own).
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let refusal = await #expect(throws: ImportRefusal.self) {
            _ = try await TransferViewModel(store: store, language: .japanese)
                .importData(Data(), format: nil, source: "list.csv", dryRun: false)
        }
        #expect(refusal?.message == "list.csvは空です。何もインポートしていません。")
    }

    @Test("LANG-4 a move says where the item went, and a refused move why, in Japanese")
    func test_LANG_4_moveInJapanese() async throws {
        let store = InMemoryTodoStore(environment: TestEnvironment().environment)
        let items = try await store.add(titles: ["A", "B", "C"])
        _ = try await store.setDone(id: items[2].id, true)
        let move = ItemMoveViewModel(store: store, id: items[0].id, language: .japanese)
        try await move.move(to: .down)
        #expect(move.announcement == "「A」を未完了の2番目に移動しました")
        let refused = await #expect(throws: ItemMoveError.self) {
            try await ItemMoveViewModel(store: store, id: items[1].id, language: .japanese).move(to: .after(items[2].id))
        }
        #expect(refused?.message == "「B」は未完了の中でしか移動できません。「C」の隣には移動できません。")
    }
}
