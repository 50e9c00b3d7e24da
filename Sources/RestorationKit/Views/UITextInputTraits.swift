import RestorationModel

/// The keyboard a field or text view asks for. Nothing is drawn; scenarios type text whatever
/// the keyboard, but apps set these, so they exist with UIKit's names.
nonisolated public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
    case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The title of the keyboard's return key.
nonisolated public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

nonisolated public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}
