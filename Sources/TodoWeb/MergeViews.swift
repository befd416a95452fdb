import Foundation
import TodoCore
import TodoPresentation

/// A hidden form field: a name and its value.
struct HiddenField: Hashable {
    let name: String
    let value: String

    /// The values an edit form showed when it was opened, as the hidden `base…` fields it sends
    /// back (MERGE-1): what a save over a newer version is merged against.
    static func base(_ values: ItemFormValues) -> [HiddenField] {
        var fields = [
            HiddenField(name: "base", value: "1"),
            HiddenField(name: "baseTitle", value: values.title), HiddenField(name: "baseDetails", value: values.details),
            HiddenField(name: "baseDueDate", value: values.dueDate),
            HiddenField(name: "baseLocationName", value: values.locationName),
            HiddenField(name: "baseLatitude", value: values.latitude), HiddenField(name: "baseLongitude", value: values.longitude),
            HiddenField(name: "baseProject", value: values.projectName), HiddenField(name: "baseEstimate", value: values.estimate),
        ]
        fields += values.repeatDays.ordered.map { HiddenField(name: "baseRepeat[]", value: $0.rawValue) }
        if values.isDone { fields.append(HiddenField(name: "baseDone", value: "1")) }
        return fields
    }
}

extension ItemForm {
    /// The values the form showed when it was opened; nil when it did not send them (MERGE-5).
    var baseValues: ItemFormValues? {
        guard base == "1" else { return nil }
        return ItemFormValues(
            title: baseTitle ?? "", details: baseDetails ?? "", dueDate: baseDueDate ?? "",
            locationName: baseLocationName ?? "", latitude: baseLatitude ?? "", longitude: baseLongitude ?? "",
            projectName: baseProject ?? "", estimate: baseEstimate ?? "",
            repeatDays: Set((baseRepeatDays ?? []).compactMap(Weekday.init(rawValue:))), isDone: baseDone == "1")
    }
}

extension ItemField {
    /// The conflict page's row for this field (`ConflictPageView.rows`).
    var conflictRowKey: String {
        switch self {
        case .dueDate: "due"
        case .estimateMinutes: "estimate"
        case .repeatDays: "repeat"
        case .isDone: "done"
        default: id
        }
    }
}
