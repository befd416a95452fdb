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
        [HiddenField(name: "base", value: "1")] + controls(values, named: baseName)
    }

    /// `values` as the hidden fields a form sends them in: each control (`FormControl.all`)
    /// under `name(control)`, a text even when blank, a box only when checked, a group's values
    /// each as `name[]`.
    static func controls(_ values: ItemFormValues, named name: (String) -> String = { $0 }) -> [HiddenField] {
        FormControl.all.flatMap { control -> [HiddenField] in
            let named = name(control.name)
            return switch control.kind {
            case .text: [HiddenField(name: named, value: values[control.name])]
            case .checkbox: values[all: control.name].map { HiddenField(name: named, value: $0) }
            case .checkboxes: values[all: control.name].map { HiddenField(name: named + "[]", value: $0) }
            }
        }
    }

    /// The name a control's starting value is sent under: `baseTitle`, `baseRepeat`.
    static func baseName(_ name: String) -> String { "base" + name.prefix(1).uppercased() + name.dropFirst() }
}
