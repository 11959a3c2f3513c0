import CommandLineParsing
import Foundation

/// The fish completion script: `complete -c aggregate` lines, one per subcommand, option and argument,
/// each under a condition that reads the command line: which subcommand it holds, and at which of that
/// subcommand's arguments the cursor is (skipping options and their values, and reading no option after
/// `--`, as the parser does).
struct FishCompletionScript {
    /// What the script is written from.
    let tables: CompletionTables

    /// Prepares the script.
    /// - Parameter tables: the commands, options and provider ids.
    init(_ tables: CompletionTables) { self.tables = tables }

    /// The script.
    var text: String {
        let ids = tables.providerIDs.joined(separator: " ")
        var text = """
            # fish completion for aggregate \(AggregateTool.version), written by 'aggregate completions fish' from the
            # tool's own option tables and the providers installed when it ran.
            #
            # Install:  aggregate completions fish > ~/.config/fish/completions/aggregate.fish

            # The tokens before the cursor, expanded (fish 3.8 and later) or as typed.
            function __aggregate_tokens
                if commandline -x >/dev/null 2>&1
                    commandline -xpc
                else
                    commandline -opc
                end
            end

            # The options of command $argv[1] that take a value.
            function __aggregate_valued
                switch $argv[1]

            """
        for command in tables.commands {
            for scope in command.scopes {
                let valued = scope.options.filter(\.takesValue).map(\.name)
                guard !valued.isEmpty else { continue }
                text += "        case \(Self.quoted(scope.name))\n"
                text += "            printf '%s\\n' \(valued.map(Self.quoted).joined(separator: " "))\n"
            }
        }
        let scopes = tables.commands.flatMap { command in command.actions.map { "\(command.name) \($0.name)" } }
        text += #"""
                end
            end

            # Prints the subcommand on the line, the position (from 0) among its arguments of the word under the
            # cursor ('option' when that word is an option's value), and the scope whose options apply: the
            # subcommand, or it and its action ('watch run'). Every condition below asks, so the answer for the
            # line is kept until the line changes.
            function __aggregate_state
                set -l line (commandline -pc)
                if set -q __aggregate_state_answer[2]; and test "$line" = "$__aggregate_state_line"
                    printf '%s\n' $__aggregate_state_answer
                    return
                end
                set -l command ''
                set -l scope ''
                set -l position 0
                set -l expect 0
                set -l ended 0
                for token in (__aggregate_tokens)[2..-1]
                    if test $expect = 1
                        set expect 0
                    else if test $ended = 0; and test "$token" = --
                        set ended 1
                    else if test $ended = 0; and string match -q -- '-?*' $token
                        if not string match -q -- '*=*' $token; and contains -- $token (__aggregate_valued $scope)
                            set expect 1
                        end
                    else if test -z "$command"
                        set command $token
                        set scope $token
                    else
                        if test $position = 0; and contains -- "$command $token" @SCOPES@
                            set scope "$command $token"
                        end
                        set position (math $position + 1)
                    end
                end
                if test $expect = 1
                    set position option
                end
                set -g __aggregate_state_line $line
                set -g __aggregate_state_answer $command $position $scope
                printf '%s\n' $__aggregate_state_answer
            end

            # Succeeds when the line holds no subcommand yet.
            function __aggregate_no_command
                test -z (__aggregate_state)[1]
            end

            # Succeeds when the options of scope $argv[1] apply: a subcommand, or a subcommand and its action.
            function __aggregate_scope
                set -l state (__aggregate_state)
                test "$state[3]" = "$argv[1]"
            end

            # Succeeds when option $argv[1] may be offered: it is not on the line yet, except as the word before
            # the cursor, whose value is being typed.
            function __aggregate_unused
                set -l tokens (__aggregate_tokens)
                for token in $tokens[2..-2]
                    if test "$token" = --
                        return 0
                    end
                    if test "$token" = $argv[1]; or string match -q -- "$argv[1]=*" $token
                        return 1
                    end
                end
                return 0
            end

            # Succeeds when the line's subcommand is $argv[1] and the word under the cursor is its argument at
            # position $argv[2] (from 0), or at any position from $argv[2] on when $argv[3] is 'on'.
            function __aggregate_argument
                set -l state (__aggregate_state)
                test "$state[1]" = $argv[1]; or return 1
                test "$state[2]" != option; or return 1
                if test "$argv[3]" = on
                    test $state[2] -ge $argv[2]
                else
                    test $state[2] -eq $argv[2]
                end
            end

            # The value being typed, without a leading --name=.
            function __aggregate_value
                string replace -r -- '^--[^=]*=' '' (commandline -ct)
            end

            # Offers provider ids for a comma-separated list: those not in it yet, after the ones typed.
            function __aggregate_provider_list
                set -l typed (string replace -r -- '[^,]*$' '' (__aggregate_value))
                if test -z "$typed"
                    echo all
                end
                for id in @IDS@
                    if not contains -- $id (string split -n , -- $typed)
                        echo $typed$id
                    end
                end
            end

            # Offers the words $argv for a comma-separated list: those not in it yet, after the ones typed.
            function __aggregate_word_list
                set -l typed (string replace -r -- '[^,]*$' '' (__aggregate_value))
                for word in $argv
                    if not contains -- $word (string split -n , -- $typed)
                        echo $typed$word
                    end
                end
            end

            # Offers ID= for --endpoint, then the endpoint words that provider takes, or files for a path.
            function __aggregate_endpoint
                set -l value (__aggregate_value)
                if not string match -q -- '*=*' $value
                    printf '%s=\n' @IDS@
                    return
                end
                set -l parts (string split -m 1 -- = $value)
                echo $parts[1]=@EMBEDDED@
                if contains -- $parts[1] @LIVE_IDS@
                    echo $parts[1]=@LIVE@
                end
                if string match -qr -- '^[/.~]' $parts[2]
                    __fish_complete_path $parts[2] | string replace -r -- '^' "$parts[1]="
                end
            end

            complete -c aggregate -f

            """#
            .replacingOccurrences(of: "@EMBEDDED@", with: ValueCompletion.embeddedEndpoint)
            .replacingOccurrences(of: "@LIVE_IDS@", with: tables.liveProviderIDs.joined(separator: " "))
            .replacingOccurrences(of: "@LIVE@", with: ValueCompletion.liveEndpoint)
            .replacingOccurrences(of: "@IDS@", with: ids)
            .replacingOccurrences(
                of: "@SCOPES@", with: scopes.isEmpty ? "''" : scopes.map(Self.quoted).joined(separator: " "))
        for option in tables.rootOptions {
            text +=
                "complete -c aggregate -n __aggregate_no_command\(Self.names(option)) -d \(Self.quoted(option.help))\n"
        }
        for command in tables.commands {
            text +=
                "complete -c aggregate -n __aggregate_no_command -a \(Self.quoted(command.name)) "
                + "-d \(Self.quoted(command.abstract))\n"
        }
        for command in tables.commands {
            text += "\n"
            for scope in command.scopes {
                let using = "__aggregate_scope \(Self.quoted(scope.name))"
                for option in scope.options {
                    var condition = using
                    if !option.repeatable { condition += "; and __aggregate_unused \(option.name)" }
                    var line = "complete -c aggregate -n \(Self.quoted(condition))\(Self.names(option))"
                    if let values = option.values { line += " " + arguments(values) }
                    text += line + " -d \(Self.quoted(option.help))\n"
                }
            }
            for (position, values) in command.arguments.leading.enumerated() {
                text += argumentLine(command.name, condition: "\(position)", values)
            }
            if let rest = command.arguments.rest {
                text += argumentLine(command.name, condition: "\(command.arguments.leading.count) on", rest)
            }
        }
        return text
    }

    private func argumentLine(_ command: String, condition: String, _ values: ValueCompletion) -> String {
        guard let offered = offered(values) else { return "" }
        return "complete -c aggregate -n \(Self.quoted("__aggregate_argument \(command) \(condition)")) \(offered)\n"
    }

    /// ` -s h -l help`, or ` -l from`.
    private static func names(_ option: CompletionTables.Option) -> String {
        (option.short.map { " -s \($0.dropFirst())" } ?? "") + " -l \(option.name.dropFirst(2))"
    }

    /// What `complete` takes for an option's value: `-x -a 'table json csv'`, `-r -F` for a file, `-x` alone
    /// for free text.
    private func arguments(_ values: ValueCompletion) -> String {
        if values == .files { return "-r -F" }
        return ["-x", offered(values)].compactMap { $0 }.joined(separator: " ")
    }

    /// What `complete` offers for a value: `-a 'table json csv'`, `-F` for files, `nil` for free text.
    private func offered(_ values: ValueCompletion) -> String? {
        switch values {
        case .text: nil
        case .words(let words): "-a \(Self.quoted(words.filter(CompletionTables.isPlainWord).joined(separator: " ")))"
        case .files: "-F"
        case .providerIDs: "-a \(Self.quoted(tables.providerIDs.joined(separator: " ")))"
        case .providerIDList: "-a '(__aggregate_provider_list)'"
        case .wordList(let words):
            "-a \(Self.quoted("(__aggregate_word_list \(words.filter(CompletionTables.isPlainWord).joined(separator: " ")))"))"
        case .providerEndpoints: "-a '(__aggregate_endpoint)'"
        }
    }

    /// A word in single quotes, as fish reads it back unchanged: backslashes and quotes escaped.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
