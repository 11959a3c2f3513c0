/// What the words after a command that are not options can be, position by position, for the shell
/// completions: `favorites` takes `add`, `remove` or `list` first, then airlines; `providers` takes ids.
package struct ArgumentCompletion: Sendable, Equatable {
    /// What the first words take, one entry per position.
    package var leading: [ValueCompletion] = []
    /// What every word after those takes; `nil` when the command takes no more words.
    package var rest: ValueCompletion? = nil

    /// A command that takes no words besides its options.
    package static let none = ArgumentCompletion()

    /// What the word at a position takes.
    /// - Parameter position: the word's index among the command's words that are not options, from 0.
    /// - Returns: what to offer there, or `nil` when the command takes no word there.
    package func values(at position: Int) -> ValueCompletion? {
        position < leading.count ? leading[position] : rest
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(leading: [ValueCompletion] = [], rest: ValueCompletion? = nil) {
        self.leading = leading
        self.rest = rest
    }
}
