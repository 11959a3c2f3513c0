import AggregateEngine
import CommandLineParsing
import Foundation

/// The zsh completion script: a `#compdef` function for zsh's own completion system, built on `_arguments`
/// (which takes `--name value` and `--name=value`, offers an option once unless it may be repeated, and with
/// `-S` stops offering options after `--`). It works installed in a folder on `fpath` and sourced after
/// `compinit` alike.
struct ZshCompletionScript {
    /// What the script is written from.
    let tables: CompletionTables

    /// Prepares the script.
    /// - Parameter tables: the commands, options and provider ids.
    init(_ tables: CompletionTables) { self.tables = tables }

    /// The script.
    var text: String {
        let ids = tables.providerIDs.joined(separator: " ")
        var text = """
            #compdef aggregate
            # zsh completion for aggregate \(AggregateTool.version), written by 'aggregate completions zsh' from the
            # tool's own option tables and the providers installed when it ran.
            #
            # Install:  aggregate completions zsh > ~/.zfunc/_aggregate
            #           with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
            # or, after compinit in ~/.zshrc:  source <(aggregate completions zsh)

            # Offers provider ids for a comma-separated list: those not in it yet, or all before the first.
            _aggregate_provider_list() {
                local expl
                local -a ids=(\(ids)) typed
                if compset -P '*,'; then
                    typed=(${(s:,:)${IPREFIX#*=}})
                    ids=(${ids:|typed})
                else
                    ids=(all $ids)
                fi
                _wanted providers expl 'provider' compadd -q -S , -- $ids
            }

            # Offers the words given for a comma-separated list: those not in it yet. The options _arguments
            # passes before them (-J -default-) are not words.
            _aggregate_word_list() {
                local expl
                local -a words=(${@:#-*}) typed
                if compset -P '*,'; then
                    typed=(${(s:,:)${IPREFIX#*=}})
                    words=(${words:|typed})
                fi
                _wanted values expl 'value' compadd -q -S , -- $words
            }

            # Offers ID= for --endpoint, then the endpoint words that provider takes, or files for a path.
            _aggregate_endpoint() {
                local expl id=${PREFIX%%=*}
                local -a live=(\(tables.liveProviderIDs.joined(separator: " "))) words=(\(ValueCompletion.embeddedEndpoint))
                if compset -P '*='; then
                    if [[ $PREFIX == [/.~]* ]]; then
                        _files
                    else
                        (( ${live[(Ie)$id]} )) && words+=(\(ValueCompletion.liveEndpoint))
                        _wanted endpoints expl 'endpoint' compadd -- $words
                    fi
                else
                    _wanted providers expl 'provider' compadd -S '=' -- \(ids)
                fi
            }

            _aggregate() {
                local curcontext=$curcontext state state_descr line ret=1
                typeset -A opt_args
                _arguments -C \\

            """
        for option in tables.rootOptions {
            text += "        \(spec(option, excludesAll: true)) \\\n"
        }
        text += """
                    '1: :->command' \\
                    '*:: :->argument' && ret=0
                case $state in
                command)
                    local -a commands=(

            """
        for command in tables.commands {
            text += "            \(Self.quoted("\(command.name):\(command.abstract)"))\n"
        }
        text += """
                    )
                    _describe -t commands 'aggregate subcommand' commands && ret=0
                    ;;
                argument)
                    curcontext=${curcontext%:*:*}:aggregate-$words[1]:
                    case $words[1] in

            """
        for command in tables.commands where !command.actions.isEmpty {
            text += actionBranch(command)
        }
        for command in tables.commands where command.actions.isEmpty {
            var specs = command.options.map { spec($0, excludesAll: $0.name == OptionKey.help.name) }
            for (position, values) in command.arguments.leading.enumerated() {
                specs.append(Self.quoted("\(position + 1):\(Self.message(values)):\(action(values))"))
            }
            if let rest = command.arguments.rest {
                specs.append(Self.quoted("*:\(Self.message(rest)):\(action(rest))"))
            }
            guard !specs.isEmpty else { continue }
            text += "            \(command.name))\n                _arguments -S \\\n"
            for spec in specs { text += "                    \(spec) \\\n" }
            text += "                    && ret=0\n                ;;\n"
        }
        text += """
                    esac
                    ;;
                esac
                return ret
            }

            if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
                _aggregate "$@"
            else
                compdef _aggregate aggregate
            fi

            """
        return text
    }

    /// The branch of a command whose first word is an action (`watch run`): the command's options and its
    /// actions until one is given, then the options of that action alone and its words.
    private func actionBranch(_ command: CompletionTables.Command) -> String {
        let help = { (option: CompletionTables.Option) in
            self.spec(option, excludesAll: option.name == OptionKey.help.name)
        }
        var text = "            \(command.name))\n                _arguments -C -S \\\n"
        for option in command.options { text += "                    \(help(option)) \\\n" }
        text +=
            "                    \(Self.quoted("1:action:(\(command.actions.map(\.name).joined(separator: " ")))")) \\\n"
        text += "                    '*:: :->action' && ret=0\n"
        text += "                if [[ $state == action ]]; then\n"
        text += "                    curcontext=${curcontext%:*}-$words[1]:\n"
        text += "                    case $words[1] in\n"
        let rest = command.arguments.rest
        for action in command.actions {
            var specs = action.options.map(help)
            if let rest { specs.append(Self.quoted("*:\(Self.message(rest)):\(self.action(rest))")) }
            text += "                    \(action.name))\n                        _arguments -S \\\n"
            for spec in specs { text += "                            \(spec) \\\n" }
            text += "                            && ret=0\n                        ;;\n"
        }
        text += "                    esac\n                fi\n                ;;\n"
        return text
    }

    /// One option for `_arguments`: `'--format=[Output format]:table|json|csv:(table json csv)'`; with its
    /// short form, `'(- *)'{-h,--help}'[Show help information]'`.
    /// - Parameters:
    ///   - option: the option.
    ///   - excludesAll: whether nothing else is offered once it is given, as for `--help`.
    /// - Returns: the spec, quoted for the script.
    private func spec(_ option: CompletionTables.Option, excludesAll: Bool) -> String {
        let prefix = (excludesAll ? "(- *)" : "") + (option.repeatable ? "*" : "")
        var tail = "[\(Self.escapedDescription(option.help))]"
        if let values = option.values {
            tail = "=" + tail + ":\(Self.escapedMessage(option.valueName ?? Self.message(values))):\(action(values))"
        }
        guard let short = option.short else { return Self.quoted(prefix + option.name + tail) }
        return (prefix.isEmpty ? "" : Self.quoted(prefix)) + "{\(short),\(option.name)}" + Self.quoted(tail)
    }

    /// What `_arguments` runs to offer a value.
    private func action(_ values: ValueCompletion) -> String {
        switch values {
        case .text: " "
        case .words(let words): "(\(words.filter(CompletionTables.isPlainWord).joined(separator: " ")))"
        case .files: "_files"
        case .providerIDs: "(\(tables.providerIDs.joined(separator: " ")))"
        case .providerIDList: "_aggregate_provider_list"
        case .wordList(let words):
            "_aggregate_word_list \(words.filter(CompletionTables.isPlainWord).joined(separator: " "))"
        case .providerEndpoints: "_aggregate_endpoint"
        }
    }

    /// What `_arguments` shows above a value's candidates when nothing else names it.
    private static func message(_ values: ValueCompletion) -> String {
        switch values {
        case .text: "argument"
        case .words: "value"
        case .files: "file"
        case .providerIDs, .providerIDList: "provider"
        case .wordList: "value"
        case .providerEndpoints: "endpoint"
        }
    }

    /// An option's description, inside `[...]`: brackets and backslashes escaped.
    private static func escapedDescription(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\[]".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A value's message, between colons: colons and backslashes escaped.
    private static func escapedMessage(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\:".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A word in single quotes, as zsh reads it back unchanged.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
