import CommandLineParsing
import Foundation

/// The bash completion script: one function registered with `complete -F`, needing nothing but bash (4 or
/// later; the bash-completion package is not needed, though it loads the script when installed in its
/// folder).
///
/// The function reads the line up to the cursor from `COMP_LINE` and `COMP_POINT` rather than
/// `COMP_WORDS`, since bash splits `COMP_WORDS` at `=` and `:` (`--endpoint kiwi=live` is three words
/// there): it finds the subcommand, skips every option and the value of each option that takes one,
/// stops reading options at `--`, and offers what the word under the cursor can be. A reply is then cut
/// back to the part after the last `=` or `:` in the word, which is all bash replaces.
struct BashCompletionScript {
    /// What the script is written from.
    let tables: CompletionTables

    /// Prepares the script.
    /// - Parameter tables: the commands, options and provider ids.
    init(_ tables: CompletionTables) { self.tables = tables }

    /// The script.
    var text: String {
        header + tableFunctions + Self.engine
    }

    private var header: String {
        """
        # bash completion for aggregate \(AggregateTool.version), written by 'aggregate completions bash' from the
        # tool's own option tables and the providers installed when it ran.
        #
        # Install:  aggregate completions bash > ~/.local/share/bash-completion/completions/aggregate
        # or add to ~/.bashrc:  source <(aggregate completions bash)

        # The words that may follow 'aggregate', the installed providers' ids, and those with a live service.
        _aggregate_commands=\(Self.quoted(tables.commandNames.joined(separator: " ")))
        _aggregate_provider_ids=\(Self.quoted(tables.providerIDs.joined(separator: " ")))
        _aggregate_live_ids=\(Self.quoted(tables.liveProviderIDs.joined(separator: " ")))


        """
    }

    private var tableFunctions: String {
        var text = """
            # Sets options, valued and repeatable for command $1 (none: before the command): its options, those
            # of them that take a value, and those that may be given more than once.
            _aggregate_options() {
                case $1 in

            """
        text += Self.optionsBranch(pattern: "''", tables.rootOptions)
        for command in tables.commands where !command.options.isEmpty {
            for scope in command.scopes {
                text += Self.optionsBranch(pattern: Self.quoted(scope.name), scope.options)
            }
        }
        text += """
                *) options='' valued='' repeatable='' ;;
                esac
            }

            # Offers the values of option $2 of command $1.
            _aggregate_value() {
                case "$1 $2" in

            """
        var groups: [(action: String, patterns: [String])] = []
        for command in tables.commands {
            for scope in command.scopes {
                for option in scope.options {
                    // Free text has nothing to offer: it falls through to no reply.
                    guard let values = option.values, values != .text else { continue }
                    let pattern = Self.quoted("\(scope.name) \(option.name)")
                    let action = Self.action(values)
                    if let index = groups.firstIndex(where: { $0.action == action }) {
                        groups[index].patterns.append(pattern)
                    } else {
                        groups.append((action, [pattern]))
                    }
                }
            }
        }
        for group in groups {
            text += "    \(group.patterns.joined(separator: "|")))\n        \(group.action)\n        ;;\n"
        }
        text += """
                esac
                return 0
            }

            # Offers the words command $1 takes at position $2 (from 0) among its arguments; fails when it takes
            # no word there.
            _aggregate_argument() {
                case "$1 $2" in

            """
        for command in tables.commands {
            for (position, values) in command.arguments.leading.enumerated() {
                text += "    \(Self.quoted("\(command.name) \(position)"))) \(Self.action(values)) ;;\n"
            }
            if let rest = command.arguments.rest {
                text += "    \(Self.quoted("\(command.name) "))*) \(Self.action(rest)) ;;\n"
            }
        }
        let scopes = tables.commands.flatMap { command in command.actions.map { "\(command.name) \($0.name)" } }
        text += """
                *) return 1 ;;
                esac
                return 0
            }

            # Succeeds when $1 is a command and its action, such as 'watch run', whose options are its own.
            _aggregate_is_scope() {
                case $1 in
                \(scopes.isEmpty ? "''" : scopes.map(Self.quoted).joined(separator: "|"))) return 0 ;;
                esac
                return 1
            }


            """
        return text
    }

    private static func optionsBranch(pattern: String, _ options: [CompletionTables.Option]) -> String {
        let valued = options.filter(\.takesValue).map(\.name)
        let repeatable = options.filter(\.repeatable).map(\.name)
        return """
                \(pattern))
                    options=\(quoted(options.map(\.name).joined(separator: " ")))
                    valued=\(quoted(valued.joined(separator: " ")))
                    repeatable=\(quoted(repeatable.joined(separator: " ")))
                    ;;

            """
    }

    /// The call that offers a value.
    private static func action(_ values: ValueCompletion) -> String {
        switch values {
        case .text: ":"
        case .words(let words):
            "_aggregate_words \(quoted(words.filter(CompletionTables.isPlainWord).joined(separator: " ")))"
        case .files: "_aggregate_files"
        case .providerIDs: "_aggregate_words \"$_aggregate_provider_ids\""
        case .providerIDList: "_aggregate_provider_list"
        case .wordList(let words):
            "_aggregate_word_list \(quoted(words.filter(CompletionTables.isPlainWord).joined(separator: " ")))"
        case .providerEndpoints: "_aggregate_endpoint"
        }
    }

    /// A word in single quotes, as bash reads it back unchanged.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The part that is the same for every tool: reading the line and offering words.
    private static let engine = #"""
        # Offers each of the words in $1 that starts with the value typed, after $lead.
        _aggregate_words() {
            local word
            for word in $1; do
                [[ $word == "$value"* ]] && COMPREPLY+=("$lead$word")
            done
            return 0
        }

        # Offers file and folder names.
        _aggregate_files() {
            local file
            compopt -o filenames 2>/dev/null
            while IFS= read -r file; do
                COMPREPLY+=("$lead$file")
            done < <(compgen -f -- "$value")
            return 0
        }

        # Offers provider ids for a comma-separated list: those not in it yet, after the ones typed.
        _aggregate_provider_list() {
            local typed=${value%"${value##*,}"} last=${value##*,} id
            [[ -z $typed && all == "$last"* ]] && COMPREPLY+=("${lead}all")
            for id in $_aggregate_provider_ids; do
                [[ ",$typed" == *",$id,"* ]] && continue
                [[ $id == "$last"* ]] && COMPREPLY+=("$lead$typed$id")
            done
            return 0
        }

        # Offers the words in $1 for a comma-separated list: those not in it yet, after the ones typed.
        _aggregate_word_list() {
            local typed=${value%"${value##*,}"} last=${value##*,} word
            for word in $1; do
                [[ ",$typed" == *",$word,"* ]] && continue
                [[ $word == "$last"* ]] && COMPREPLY+=("$lead$typed$word")
            done
            return 0
        }

        # Offers ID= for --endpoint, then the endpoint words that provider takes, or files for a path.
        _aggregate_endpoint() {
            local id word file words=@EMBEDDED@
            if [[ $value != *=* ]]; then
                for id in $_aggregate_provider_ids; do
                    [[ $id == "$value"* ]] && COMPREPLY+=("$lead$id=")
                done
                compopt -o nospace 2>/dev/null
                return 0
            fi
            id=${value%%=*}
            word=${value#*=}
            if [[ $word == [/.~]* ]]; then
                compopt -o filenames 2>/dev/null
                while IFS= read -r file; do
                    COMPREPLY+=("$lead$id=$file")
                done < <(compgen -f -- "$word")
                return 0
            fi
            [[ " $_aggregate_live_ids " == *" $id "* ]] && words+=" @LIVE@"
            for file in $words; do
                [[ $file == "$word"* ]] && COMPREPLY+=("$lead$id=$file")
            done
            return 0
        }

        # Offers the options of the command not given yet, and those that may be given again.
        _aggregate_offer_options() {
            local option
            for option in $options; do
                [[ " $given " == *" $option "* && " $repeatable " != *" $option "* ]] && continue
                [[ $option == "$value"* ]] && COMPREPLY+=("$option")
            done
            return 0
        }

        # Bash replaces only the part of the word after its last = or : (when those break words, as they
        # do by default): cuts the replies back to that part.
        _aggregate_trim() {
            local breaks='' character prefix index
            for character in = :; do
                [[ $COMP_WORDBREAKS == *"$character"* ]] && breaks+=$character
            done
            [[ -n $breaks ]] || return 0
            prefix=${cur%"${cur##*[$breaks]}"}
            [[ -n $prefix ]] || return 0
            for index in "${!COMPREPLY[@]}"; do
                COMPREPLY[index]=${COMPREPLY[index]#"$prefix"}
            done
            return 0
        }

        # The completion function: reads the line up to the cursor, finds the command, the options given
        # and the position of the word under the cursor, and offers what that word can be.
        _aggregate() {
            local IFS=$' \t\n' line cur value lead='' word command='' scope='' expect='' given=''
            local options='' valued='' repeatable=''
            local -i ended=0 position=0 index
            local -a words
            if [[ -n ${COMP_LINE-} ]]; then
                line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
            else
                line="${COMP_WORDS[*]:0:COMP_CWORD+1}"
            fi
            read -ra words <<<"$line"
            [[ -z $line || $line == *[[:space:]] ]] && words+=('')
            cur=${words[${#words[@]}-1]}
            COMPREPLY=()
            _aggregate_options ''
            for ((index = 1; index < ${#words[@]} - 1; index++)); do
                word=${words[index]}
                if [[ -n $expect ]]; then
                    expect=''
                elif ((ended == 0)) && [[ $word == -- ]]; then
                    ended=1
                elif ((ended == 0)) && [[ $word == -?* ]]; then
                    given+=" ${word%%=*}"
                    [[ $word != *=* && " $valued " == *" $word "* ]] && expect=$word
                elif [[ -z $command ]]; then
                    command=$word
                    scope=$word
                    given=''
                    _aggregate_options "$command"
                else
                    if ((position == 0)) && _aggregate_is_scope "$command $word"; then
                        scope="$command $word"
                        _aggregate_options "$scope"
                    fi
                    position+=1
                fi
            done
            value=$cur
            if [[ -n $expect ]]; then
                _aggregate_value "$scope" "$expect"
            elif ((ended == 0)) && [[ $cur == --*=* ]]; then
                lead=${cur%%=*}=
                value=${cur#*=}
                [[ " $valued " == *" ${cur%%=*} "* ]] && _aggregate_value "$scope" "${cur%%=*}"
            elif ((ended == 0)) && [[ $cur == -* ]]; then
                _aggregate_offer_options
            elif [[ -z $command ]]; then
                _aggregate_words "$_aggregate_commands"
            elif ! _aggregate_argument "$command" "$position" && ((ended == 0)) && [[ -z $cur ]]; then
                _aggregate_offer_options
            fi
            _aggregate_trim
            return 0
        }

        complete -F _aggregate aggregate

        """#
        .replacingOccurrences(of: "@EMBEDDED@", with: ValueCompletion.embeddedEndpoint)
        .replacingOccurrences(of: "@LIVE@", with: ValueCompletion.liveEndpoint)
}
