import Foundation
public import Localization
public import TodoCore

/// The sentences of the item screens' errors in a language (LANG-4). The Model's and the
/// ViewModels' English `errorDescription`s stay as they are for the JSON API and the logs; a
/// View shows a person these.
extension Strings {
    /// The sentence for an error a form, a command or a details screen reports, in this
    /// language; nil for an error these screens don't word (a storage failure, say).
    public func message(for error: any Error) -> String? {
        // Each case names its own function: an overload here could pick this one again.
        switch error {
        case let error as TodoPresentationError: presentationSentence(error)
        case let error as TodoValidationError: validationSentence(error)
        case let error as TodoStoreError: storeSentence(error)
        default: nil
        }
    }

    public func message(for error: TodoPresentationError) -> String { presentationSentence(error) }
    public func message(for error: TodoStoreError) -> String { storeSentence(error) }
    public func message(for error: TodoValidationError) -> String { validationSentence(error) }

    private func presentationSentence(_ error: TodoPresentationError) -> String {
        switch error {
        case .itemNotFound: self("item.error.not-found")
        case .invalidDate(let text): self("item.error.date", ["text": text])
        case .invalidEstimate(let text): self("item.error.estimate", ["text": text])
        case .invalidCoordinate(let text): self("item.error.coordinate", ["text": text])
        case .invalidWholeNumber(let text): self("item.error.whole-number", ["text": text])
        case .invalidPriority(let text): self("item.error.priority", ["text": text])
        case .invalidRepeat(let text): self("item.error.repeat", ["text": text])
        case .invalidTime(let text): self("item.error.time", ["text": text])
        }
    }

    private func storeSentence(_ error: TodoStoreError) -> String {
        switch error {
        case .versionConflict(let current):
            self("item.error.conflict", ["title": current.title, "version": String(current.version)])
        }
    }

    /// Each rule's refusal as one sentence: the same facts as `TodoValidationError.description`.
    private func validationSentence(_ error: TodoValidationError) -> String {
        switch error {
        case .emptyTitle: return self("validation.title-empty")
        case .titleTooLong(let length):
            return self("validation.title-long", ["length": String(length), "max": String(TodoRules.maxTitleLength)])
        case .titleHasControlCharacters: return self("validation.title-control")
        case .detailsTooLong(let length):
            return self("validation.details-long", ["length": String(length), "max": String(TodoRules.maxDetailsLength)])
        case .detailsHaveInvalidCharacters: return self("validation.details-control")
        case .emptyLocationName: return self("validation.location-empty")
        case .nameHasControlCharacters(let field):
            return field == "location" ? self("validation.location-control") : self("validation.project-control")
        case .locationNameTooLong(let length):
            return self("validation.location-long", ["length": String(length), "max": String(TodoRules.maxNameLength)])
        case .incompleteCoordinates: return self("validation.coordinates-incomplete")
        case .latitudeOutOfRange(let value): return self("validation.latitude-range", ["value": String(value)])
        case .longitudeOutOfRange(let value): return self("validation.longitude-range", ["value": String(value)])
        case .emptyProjectName: return self("validation.project-empty")
        case .projectNameTooLong(let length):
            return self("validation.project-long", ["length": String(length), "max": String(TodoRules.maxNameLength)])
        case .estimateOutOfRange(let minutes): return self("validation.estimate-range", ["minutes": String(minutes)])
        case .priorityOutOfRange(let number): return self("validation.priority-range", ["number": String(number)])
        case .tagHasComma(let tag): return self("validation.tag-comma", ["tag": tag])
        case .tagHasControlCharacters: return self("validation.tag-control")
        case .tagTooLong(let tag): return self("validation.tag-long", ["tag": tag, "max": String(TodoRules.maxTagLength)])
        case .tooManyTags(let count):
            return self("validation.tags-many", ["count": String(count), "max": String(TodoRules.maxTagCount)])
        case .repeatRule(let problem): return repeatProblem(problem)
        case .parentIsItself: return self("validation.parent-itself")
        case .parentIsSubtask: return self("validation.parent-subtask")
        case .parentNotFound: return self("validation.parent-missing")
        case .nestedTooDeep: return self("validation.parent-deep", ["max": String(Subtasks.maxDepth)])
        case .timeWithoutDate: return self("validation.time-without-date")
        case .outOfRange(let field, let value, let range):
            // The field as its details line names it.
            return self("validation.out-of-range", [
                "field": self("details.field." + field), "value": String(value),
                "range": String(range.lowerBound) + "…" + String(range.upperBound),
            ])
        case .invalidPosition: return self("validation.position-invalid")
        case .positionOutOfRange(let value):
            let range = TodoRules.positionRange
            return self("validation.position-range", [
                "value": Self.plain(value), "range": Self.plain(range.lowerBound) + "…" + Self.plain(range.upperBound),
            ])
        case .versionOutOfRange(let value):
            let range = TodoRules.versionRange
            return self("validation.version-range", [
                "value": String(value), "range": String(range.lowerBound) + "…" + String(range.upperBound),
            ])
        case .timestampOutOfRange(let field):
            switch field {
            case "creation date": return self("validation.created-range")
            case "modification date": return self("validation.updated-range")
            case "completion date": return self("validation.completed-range")
            default: return error.errorDescription ?? self("validation.updated-range")
            }
        }
    }

    /// A whole number without `.0`, as the Model's sentences write it.
    private static func plain(_ value: Double) -> String {
        Int64(exactly: value).map(String.init) ?? String(value)
    }
}
