import Foundation

/// What a person writes in an item: every field they edit, declared once.
///
/// A stored item (`TodoItem`), a new one (`TodoDraft`) and a partial update (`TodoChanges`) are
/// each this content with their own bookkeeping around it, and reach its fields by name
/// (`item.title`) through dynamic member lookup. What the Model does with every field alike —
/// validate it, apply a change of it, compare it, merge it — is driven by `ItemField.all`.
///
/// Adding a field: a property here, a parameter of the `init`s in this file, and its `ItemField`.
public struct TodoContent: Hashable, Sendable {
    public var title: String
    public var details: String?
    public var isDone: Bool
    public var dueDate: CalendarDate?
    public var location: Location?
    public var project: Project?
    public var estimateMinutes: Int?
    /// How it repeats (REPEAT-13); nil: it doesn't.
    public var repeatRule: RepeatRule?
    public var priority: Priority
    public var tags: Tags
    /// The item it sits under (SUB-1); nil: a to-do of its own.
    public var parent: UUID?
    /// When on its due date it is due (TIME-1), on the list's clock; nil: on the day.
    public var dueTime: TimeOfDay?

    /// Inlinable: called from another module, it built the content and then copied it out.
    @inlinable
    public init(
        title: String, details: String? = nil, isDone: Bool = false, dueDate: CalendarDate? = nil,
        location: Location? = nil, project: Project? = nil, estimateMinutes: Int? = nil, repeatRule: RepeatRule? = nil,
        priority: Priority = .undefined, tags: Tags = .empty, parent: UUID? = nil, dueTime: TimeOfDay? = nil
    ) {
        self.title = title
        self.details = details
        self.isDone = isDone
        self.dueDate = dueDate
        self.location = location
        self.project = project
        self.estimateMinutes = estimateMinutes
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.parent = parent
        self.dueTime = dueTime
    }
}

/// One field of `TodoContent`, described once: its name in the shared JSON shape and its rule,
/// with what every field has alike (copy, compare, validate) built from its key path.
///
/// `all` lists them in the order a merge reports conflicts and validation checks them. Code that
/// genuinely differs per field (a codec's mapping to iCalendar, a form control) names the field
/// it handles (`field == .estimateMinutes`), in one place per View.
///
/// A class: every loop over `all` (each row of a page of 10,000, each item the API writes) holds
/// its fields, and a field is a dozen closures — one reference to retain, not a dozen.
public final class ItemField: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The field's name in the shared JSON shape, the API and import reports ("completed").
    public let id: String
    private let copy: @Sendable (TodoContent, inout TodoContent) -> Void
    private let same: @Sendable (TodoContent, TodoContent) -> Bool
    private let check: @Sendable (inout TodoContent) throws(TodoValidationError) -> Void
    /// Whether `keyPath` is this field's.
    private let owns: @Sendable (PartialKeyPath<TodoContent>) -> Bool
    /// The field's value in the shared JSON shape.
    private let write: @Sendable (TodoContent) -> JSONValue
    /// Reads the field's member (nil: absent) into the content.
    private let read: @Sendable (JSONValue?, inout TodoContent) throws(JSONFieldError) -> Void
    /// The field's name in a store ("isDone"): its column's, or the start of its columns' names.
    public let storedName: String
    /// The field's columns in a store, whole names in camelCase ("locationName"), in the order
    /// `store(_:into:)` writes them.
    public let storedColumns: [StoredColumn]
    private let storeValue: @Sendable (TodoContent, inout [StoredValue]) -> Void
    private let loadValue: @Sendable (any StoredRow, Int, inout TodoContent) throws -> Void
    /// The field's cells in a table (CSV), by name: its own, then a location's "latitude" and
    /// "longitude" (`TextFieldValue`).
    public let textCells: [String]
    /// Whether its first cell is free text a person wrote, read untrimmed.
    public let isFreeText: Bool
    private let writeTexts: @Sendable (TodoContent) -> [String]
    private let readTexts: @Sendable ([String?], inout TodoContent) throws(TextFieldError) -> Void

    /// - Parameter keyPath: the field's property, by which `TodoChanges` reaches it by name.
    /// - Parameter get: reads the property; `set` writes it, taking the value it is given (a
    ///   value read from a row is moved in, not copied). Closures, not the key path applied: a
    ///   key path applied at run time cost the API's list of 10,000 items a fifth of its time.
    /// - Parameter jsonType: what a JSON value of the wrong type is told it must be, when the
    ///   value's type says it too generally ("a whole number of minutes or null").
    /// - Parameter textType: what the text of its first cell must be, when the value's type
    ///   says it too generally ("a whole number of minutes").
    /// - Parameter stored: the field's name in a store, when it is not `id`.
    private init<Value: JSONFieldValue & StoredFieldValue & TextFieldValue>(
        _ id: String, _ keyPath: WritableKeyPath<TodoContent, Value> & Sendable,
        _ get: @escaping @Sendable (TodoContent) -> Value,
        _ set: @escaping @Sendable (inout TodoContent, consuming Value) -> Void,
        rule: (@Sendable (Value) throws(TodoValidationError) -> Value)? = nil, jsonType: String? = nil,
        textType: String? = nil, stored: String? = nil
    ) {
        self.id = id
        let storedName = stored ?? id
        self.storedName = storedName
        storedColumns = Value.storedColumns.map { StoredColumn(storedName + $0.name, $0.kind) }
        storeValue = { content, values in get(content).store(into: &values) }
        loadValue = { row, index, content in
            guard let value = try Value.stored(in: row, at: index) else {
                throw StoredFieldError(column: storedName)
            }
            set(&content, value)
        }
        textCells = [id] + Value.moreTextCells
        isFreeText = Value.isFreeText
        writeTexts = { get($0).texts }
        readTexts = { texts, content throws(TextFieldError) in
            do throws(TextFieldError) {
                if let value = try Value.read(texts: texts) { set(&content, value) }
            } catch {
                guard let textType, case .notA(cell: 0, _) = error else { throw error }
                throw .notA(cell: 0, expected: textType)
            }
        }
        write = { get($0).json }
        read = { member, content throws(JSONFieldError) in
            guard let member else {
                guard let absent = Value.absent else { throw JSONFieldError(.type, "“\(id)” is missing.") }
                return set(&content, absent)
            }
            do throws(JSONFieldError) {
                set(&content, try Value(json: member, member: id))
            } catch {
                guard let jsonType, let mismatch = error.mismatch, mismatch.member == id else { throw error }
                throw .type(id, jsonType, mismatch.found)
            }
        }
        copy = { from, to in set(&to, get(from)) }
        same = { a, b in get(a) == get(b) }
        check = { content throws(TodoValidationError) in
            if let rule { set(&content, try rule(get(content))) }
        }
        owns = { $0 == keyPath }
    }

    public static let title = ItemField("title", \.title, { $0.title }, { $0.title = $1 }, rule: TodoRules.title)
    public static let details = ItemField(
        "details", \.details, { $0.details }, { $0.details = $1 }, rule: TodoRules.details)
    public static let dueDate = ItemField("dueDate", \.dueDate, { $0.dueDate }, { $0.dueDate = $1 })
    public static let location = ItemField(
        "location", \.location, { $0.location }, { $0.location = $1 }, rule: TodoRules.location)
    public static let project = ItemField(
        "project", \.project, { $0.project }, { $0.project = $1 }, rule: TodoRules.project)
    public static let estimateMinutes = ItemField(
        "estimateMinutes", \.estimateMinutes, { $0.estimateMinutes }, { $0.estimateMinutes = $1 },
        rule: TodoRules.estimate, jsonType: "a whole number of minutes or null", textType: "a whole number of minutes")
    public static let repeatRule = ItemField(
        "repeat", \.repeatRule, { $0.repeatRule }, { $0.repeatRule = $1 }, rule: TodoRules.repeatRule,
        jsonType: "an object with a rule, or null")
    public static let priority = ItemField(
        "priority", \.priority, { $0.priority }, { $0.priority = $1 }, rule: TodoRules.priority)
    public static let tags = ItemField("tags", \.tags, { $0.tags }, { $0.tags = $1 }, rule: TodoRules.tags)
    public static let parent = ItemField("parent", \.parent, { $0.parent }, { $0.parent = $1 }, jsonType: "the id of a to-do, or null")
    public static let dueTime = ItemField(
        "dueTime", \.dueTime, { $0.dueTime }, { $0.dueTime = $1 }, jsonType: "a time of the form HH:MM, or null")
    public static let isDone = ItemField("completed", \.isDone, { $0.isDone }, { $0.isDone = $1 }, stored: "isDone")

    /// Every field, in the order merges report them and validation checks them.
    public static let all: [ItemField] = [title, details, isDone, dueDate, location, project, estimateMinutes, repeatRule, priority, tags, parent, dueTime]

    /// The field `keyPath` names. Every key path of `TodoContent` is one of `all`'s.
    static func index(of keyPath: PartialKeyPath<TodoContent>) -> Int {
        guard let index = all.firstIndex(where: { $0.owns(keyPath) }) else {
            preconditionFailure("\(keyPath) is not declared in ItemField.all")
        }
        return index
    }

    /// The field's value in `content`, as the shared JSON shape writes it.
    public func json(_ content: TodoContent) -> JSONValue { write(content) }

    /// Sets the field in `content` from its JSON member (nil: absent, which leaves the field's
    /// default, or is refused for a required field).
    public func read(_ member: JSONValue?, into content: inout TodoContent) throws(JSONFieldError) {
        try read(member, &content)
    }

    /// Appends the field's value in `content` as its `storedColumns` hold it.
    public func store(_ content: TodoContent, into values: inout [StoredValue]) { storeValue(content, &values) }

    /// Sets the field in `content` from its columns in `row`, the first at `index`.
    public func load(from row: any StoredRow, at index: Int, into content: inout TodoContent) throws {
        try loadValue(row, index, &content)
    }

    /// Each of `fields` with the index of its first column, in a row that holds the item's id
    /// and then each field's columns in turn (`columnCount` of each): how both stores lay out
    /// the rows they read an item or a list row from.
    public static func rowLayout(_ fields: [(field: ItemField, columnCount: Int)]) -> [(field: ItemField, index: Int)] {
        var index = 1  // after the id
        return fields.map { field, columnCount in
            defer { index += columnCount }
            return (field, index)
        }
    }

    /// `rowLayout(_:)` of every field with all its columns: an item's row, in either store.
    public static let itemRowLayout = rowLayout(all.map { ($0, $0.storedColumns.count) })

    /// Reads `fields` of a stored item from a row into its content, each from its columns, the
    /// first at its index: the fields' `load`s chained into one closure, made once per list of
    /// columns. (A loop over the fields retained each field and its closure for every row, and
    /// made the row an existential for each field.)
    public static func reader(_ fields: [(field: ItemField, index: Int)]) -> StoredContentReader {
        var read: StoredContentReader = { _, _ in }
        for (field, index) in fields {
            let previous = read, load = field.loadValue
            read = { row, content in
                try previous(row, &content)
                try load(row, index, &content)
            }
        }
        return read
    }

    /// `json(_:)` as a closure, for a writer that chains the fields once, as `reader(_:)` does.
    public var jsonWriter: @Sendable (TodoContent) -> JSONValue { write }

    /// The texts of the field's `textCells` for its value in `content`; "" for none.
    public func texts(_ content: TodoContent) -> [String] { writeTexts(content) }

    /// Sets the field in `content` from the texts of its `textCells` (nil: an empty cell, which
    /// leaves the field's default), or throws what a cell's text must be.
    public func read(texts: [String?], into content: inout TodoContent) throws(TextFieldError) {
        try readTexts(texts, &content)
    }

    /// The field's member in a JSON object: its own, or the member an earlier version wrote
    /// for it (`legacyMembers`: a repeat's `repeatDays`, REPEAT-16) in the field's shape.
    public func member(in object: [String: JSONValue]) throws(JSONFieldError) -> JSONValue? {
        if let own = object[id] { return own }
        guard self == .repeatRule, let days = object["repeatDays"], days != .null else { return nil }
        return try RepeatRule.legacy(repeatDays: days)?.json ?? .null
    }

    /// The members earlier versions wrote that `member(in:)` still reads.
    public static let legacyMembers = ["repeatDays"]

    /// The field named `id` in the shared JSON shape.
    public static func named(_ id: String) -> ItemField? { all.first { $0.id == id } }

    /// Whether `a` and `b` differ in this field.
    public func differs(_ a: TodoContent, _ b: TodoContent) -> Bool { !same(a, b) }

    /// Sets this field of `content` to its value in `source`.
    public func take(from source: TodoContent, into content: inout TodoContent) { copy(source, &content) }

    /// Applies the field's rule to its value in `content` (trimmed, blank dropped…), or throws
    /// the rule it breaks.
    func validate(_ content: inout TodoContent) throws(TodoValidationError) { try check(&content) }

    /// `content` with the field's rule applied to its value, or the rule it breaks.
    public func validated(_ content: TodoContent) throws(TodoValidationError) -> TodoContent {
        var content = content
        try check(&content)
        return content
    }

    /// Every rule applied to `content`, field by field in `all`'s order; the first broken one thrown.
    static func validated(_ content: TodoContent) throws(TodoValidationError) -> TodoContent {
        var content = content
        for field in all { try field.validate(&content) }
        try TodoRules.dueTime(content)
        return content
    }

    /// The fields in which `a` and `b` differ, in `all`'s order.
    public static func differences(_ a: TodoContent, _ b: TodoContent) -> [ItemField] {
        all.filter { $0.differs(a, b) }
    }

    public static func == (a: ItemField, b: ItemField) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { id }
}

extension TodoItem {
    /// An item of the given content's fields (`TodoContent`) and bookkeeping.
    public init(
        id: UUID, title: String, details: String? = nil, isDone: Bool = false,
        dueDate: CalendarDate? = nil, location: Location? = nil, project: Project? = nil,
        estimateMinutes: Int? = nil, repeatRule: RepeatRule? = nil, priority: Priority = .undefined, tags: Tags = .empty,
        parent: UUID? = nil, dueTime: TimeOfDay? = nil, position: Double = 0, createdAt: Date, updatedAt: Date? = nil,
        completedAt: Date? = nil, version: Int = 1, number: Int = 0
    ) {
        self.init(
            id: id,
            content: TodoContent(
                title: title, details: details, isDone: isDone, dueDate: dueDate, location: location,
                project: project, estimateMinutes: estimateMinutes, repeatRule: repeatRule, priority: priority, tags: tags,
                parent: parent, dueTime: dueTime),
            position: position, createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt,
            version: version, number: number)
    }
}

/// Reads a stored item's content from a row (`ItemField.reader(_:)`).
public typealias StoredContentReader = @Sendable (any StoredRow, inout TodoContent) throws -> Void

/// A set of `ItemField`s, by their places in `ItemField.all`.
struct ItemFieldSet: Hashable, Sendable {
    private var bits: UInt64 = 0

    func contains(_ index: Int) -> Bool { bits & (1 << UInt64(index)) != 0 }
    mutating func insert(_ index: Int) { bits |= 1 << UInt64(index) }
    mutating func remove(_ index: Int) { bits &= ~(1 << UInt64(index)) }
    var isEmpty: Bool { bits == 0 }

    /// The fields in the set, in `all`'s order.
    var fields: [ItemField] { ItemField.all.indices.filter(contains).map { ItemField.all[$0] } }
}

/// What a new item is made of: its content, and where it goes. The store assigns id, position
/// (when none is given), timestamps and version.
@dynamicMemberLookup
public struct TodoDraft: Equatable, Sendable {
    public var content: TodoContent
    /// An explicit position; nil places the item by the ordering rules (first of its section).
    public var position: Double?
    /// When a done item was completed, as the client that sent it says (DAV-25); nil: now.
    public var completedAt: Date?
    /// Whether the client that sent it keeps its own dates: a CalDAV client, whose DTSTART
    /// anchors a series, gets no due date for a repeat without one (REPEAT-15).
    public var keepsItsDates = false

    public init(content: TodoContent, position: Double? = nil, completedAt: Date? = nil) {
        self.content = content
        self.position = position
        self.completedAt = completedAt
    }

    public init(
        title: String, details: String? = nil, isDone: Bool = false, dueDate: CalendarDate? = nil,
        location: Location? = nil, project: Project? = nil, estimateMinutes: Int? = nil,
        repeatRule: RepeatRule? = nil, priority: Priority = .undefined, tags: Tags = .empty, parent: UUID? = nil,
        dueTime: TimeOfDay? = nil, position: Double? = nil, completedAt: Date? = nil
    ) {
        self.init(
            content: TodoContent(
                title: title, details: details, isDone: isDone, dueDate: dueDate, location: location,
                project: project, estimateMinutes: estimateMinutes, repeatRule: repeatRule, priority: priority, tags: tags,
                parent: parent, dueTime: dueTime),
            position: position, completedAt: completedAt)
    }

    /// The fields of a stored item, as values to compare and merge (no position).
    public init(fieldsOf item: TodoItem) { self.init(content: item.content) }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TodoContent, Value>) -> Value {
        get { content[keyPath: keyPath] }
        set { content[keyPath: keyPath] = newValue }
    }

    /// The draft with every rule applied (title trimmed, blank details dropped…), or the
    /// first rule it breaks.
    public func validated() throws(TodoValidationError) -> TodoDraft {
        var draft = self
        draft.content = try ItemField.validated(content)
        draft.position = try TodoRules.position(position)
        if let completedAt { draft.completedAt = try TodoRules.timestamp(completedAt, field: "completion date") }
        return draft
    }
}

/// A partial update: the fields it gives, each with its new value; the others are left as they
/// are. Read and set by name: nil is "not given", and for an optional field `.some(nil)` clears it.
@dynamicMemberLookup
public struct TodoChanges: Equatable, Sendable {
    /// The given fields' values; the others hold placeholders nobody reads.
    private var values = TodoContent(title: "")
    private var given = ItemFieldSet()
    /// An explicit position inside the item's (possibly new) section.
    public var position: Double?
    /// When the item, done after the changes, was completed, as the client that sent them says
    /// (DAV-25); nil: now when it becomes done, else as it was. Ignored for an item left open.
    public var completedAt: Date?
    /// Whether the client that sent them keeps its own dates (`TodoDraft.keepsItsDates`).
    public var keepsItsDates = false

    public init(
        title: String? = nil, details: String?? = nil, isDone: Bool? = nil,
        dueDate: CalendarDate?? = nil, location: Location?? = nil, project: Project?? = nil,
        estimateMinutes: Int?? = nil, repeatRule: RepeatRule?? = nil, priority: Priority? = nil, tags: Tags? = nil,
        parent: UUID?? = nil, dueTime: TimeOfDay?? = nil, position: Double? = nil, completedAt: Date? = nil
    ) {
        self.title = title
        self.details = details
        self.isDone = isDone
        self.dueDate = dueDate
        self.location = location
        self.project = project
        self.estimateMinutes = estimateMinutes
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.parent = parent
        self.dueTime = dueTime
        self.position = position
        self.completedAt = completedAt
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<TodoContent, Value>) -> Value? {
        get { given.contains(ItemField.index(of: keyPath)) ? values[keyPath: keyPath] : nil }
        set {
            let index = ItemField.index(of: keyPath)
            if let newValue {
                values[keyPath: keyPath] = newValue
                given.insert(index)
            } else {
                given.remove(index)
            }
        }
    }

    /// The fields the changes give, in `ItemField.all`'s order.
    public var fields: [ItemField] { given.fields }

    /// Gives `field` the value it has in `content`.
    public mutating func set(_ field: ItemField, from content: TodoContent) {
        field.take(from: content, into: &values)
        given.insert(ItemField.all.firstIndex(of: field)!)
    }

    /// `content` with the given fields changed.
    public func applied(to content: TodoContent) -> TodoContent {
        var content = content
        for field in given.fields { field.take(from: values, into: &content) }
        // TIME-2: clearing the date clears its time, unless the changes give one (then refused).
        if content.dueDate == nil, self.dueDate != nil, self.dueTime == nil { content.dueTime = nil }
        return content
    }

    /// The changes with every given value checked by the rules.
    public func validated() throws(TodoValidationError) -> TodoChanges {
        var changes = self
        for field in given.fields { try field.validate(&changes.values) }
        changes.position = try TodoRules.position(position)
        if let completedAt { changes.completedAt = try TodoRules.timestamp(completedAt, field: "completion date") }
        return changes
    }

    public static func == (a: TodoChanges, b: TodoChanges) -> Bool {
        a.given == b.given && a.position == b.position && a.completedAt == b.completedAt && a.keepsItsDates == b.keepsItsDates
            && !a.given.fields.contains { $0.differs(a.values, b.values) }
    }
}
