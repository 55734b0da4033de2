/// A dialog's keys: moving in a picker, typing in a form's fields, y or anything else to a question.
extension Dialog {
    /// Handles `key`; the answer (Enter on a picker or a form's last field, y to a question) goes to the shell.
    public mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        let keyMap = context.keyMap
        switch self {
        case var .picker(picker):
            let last = picker.options.count - (picker.custom == nil ? 1 : 0)
            switch keyMap.action(for: key, in: .picker) ?? (picker.isOnCustom ? nil : keyMap.action(for: key, in: .pickerList)) {
            case .cancel?:
                // What the status said was about this dialog ("… Esc cancels."): it goes with it.
                context.status = nil
                return .closed
            case .moveUp?: picker.selection = max(0, picker.selection - 1)
            case .moveDown?: picker.selection = min(last, picker.selection + 1)
            case .confirm?: return .submitted(.picker(picker))
            default:
                if picker.isOnCustom, var custom = picker.custom {
                    custom.handle(key)
                    picker.custom = custom
                } else if case let .character(character) = key, picker.custom != nil, character.isLetter {
                    // Typing a method name goes to the free-text line.
                    picker.selection = picker.options.count
                    picker.custom?.setText(String(character))
                }
            }
            self = .picker(picker)
        case var .form(form):
            switch keyMap.action(for: key, in: .form) {
            case .cancel?:
                context.status = nil
                return .closed
            case .nextField?: form.focused = (form.focused + 1) % form.fields.count
            case .previousField?: form.focused = (form.focused + form.fields.count - 1) % form.fields.count
            // The later fields have defaults (a file name from the name), so Enter is done from any field.
            case .confirm?: return .submitted(.form(form))
            default: form.fields[form.focused].field.handle(key)
            }
            self = .form(form)
        case let .confirmation(confirmation):
            if keyMap.action(for: key, in: .confirmation) == .accept { return .submitted(.confirmation(confirmation)) }
            context.status = "Cancelled."
            return .closed
        }
        return .handled
    }
}
