/// The prompt's keys: Enter answers, Esc cancels the send, the rest edit the answer.
extension ValuePrompt {
    /// Handles `key`; the shell sends once every question is answered.
    public mutating func update(_ key: Key, context: inout PaneContext) -> ModalReply {
        switch context.keyMap.action(for: key, in: .valuePrompt) {
        case .cancel?:
            context.status = "Not sent: {{$prompt \(question.label)}} was not answered."
            return .closed
        case .confirm?:
            return .answeredPrompt(label: question.label, value: field.text)
        default:
            _ = field.handle(key)
            return .handled
        }
    }
}
