/// The one dialog open over the explorer, if any: a picker, a small form or a yes/no question. One value, so two
/// can never be open at once.
public enum Dialog: Sendable, Equatable {
    /// Choose one of a list (a method, a body type, a folder).
    case picker(ListPicker)
    /// Fill in a few text fields (a new request's name and file name).
    case form(NameForm)
    /// Answer yes or no.
    case confirmation(Confirmation)
}
