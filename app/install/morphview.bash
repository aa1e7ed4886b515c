# bash completion for morphview. The subcommands and options are read from morphview's own
# --help, so they are always the ones the installed binary takes; values are completed for the
# options that take a file, a folder or one of a few words.

# The long options a --help lists: "  --name ARG   text" or "  -h,--help   text".
_morphview_options() {
    "$1" "${@:2}" --help 2>/dev/null | sed -n 's/^  \(-h,\)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'
}

# Files ending in one of the extensions $2... (and folders) that start with $1.
_morphview_files() {
    local cur=$1 extension
    shift
    compgen -d -- "$cur"
    for extension; do compgen -f -X "!*.$extension" -- "$cur"; done
}

# The subcommands the root --help lists under "Subcommands:".
_morphview_commands() {
    "$1" --help 2>/dev/null |
        sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p'
}

_morphview() {
    local cur prev words cword
    if declare -F _init_completion >/dev/null; then
        _init_completion || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi
    local exe=${words[0]} command="" i
    local commands
    commands=" $(_morphview_commands "$exe" | tr '\n' ' ') "
    for ((i = 1; i < cword; i++)); do
        if [[ $commands == *" ${words[i]} "* ]]; then
            command=${words[i]}
            break
        fi
    done

    local files="" dirs="" choices=""
    case $prev in
        --out)
            case $command in
                regress) dirs=1 ;;
                environment) files=hdr ;;
                capture | "") files=png ;;
                voice-profile) files=json ;;
                *) files='*' ;;
            esac
            ;;
        --out-dir | --references | --merge | --html | --approve) dirs=1 ;;
        --pose | --model) files='gltf glb vrm' ;;
        --shots | --frame-times | --rename | --calibration | --voice-profile) files=json ;;
        --replay | --record-stream) files=jsonl ;;
        --script) files='*' ;;
        --diff-out | --write-model | --junit | --write-rename) files='*' ;;
        --environment) choices='studio rig' files=hdr ;;
        --morph-path) choices='vs-dense vs-active cs-sparse cpu auto' ;;
        --tone-mapping) choices='neutral aces agx none' ;;
        --shading) choices='auto forward deferred' ;;
        --lights) choices='auto rig file both none' ;;
        --frame) choices='all morphed' ;;
        --space) choices='mesh world' ;;
        --background) choices='environment blurred' ;;
        --camera) choices='front left right top orbit: file:' ;;
        --msaa) choices='0 2 4 8' ;;
        --scenario) choices='arkit production dense crowd multipass target-count small-face' ;;
        --fail-on) choices='error warning' ;;
        --emit-job) choices='slurm k8s github' ;;
    esac
    if [[ -n $choices$files$dirs ]]; then
        COMPREPLY=()
        [[ -n $choices ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
        if [[ -n $dirs ]]; then
            COMPREPLY+=($(compgen -d -- "$cur"))
        elif [[ $files == '*' ]]; then
            COMPREPLY+=($(compgen -f -- "$cur"))
        elif [[ -n $files ]]; then
            COMPREPLY+=($(_morphview_files "$cur" $files))
        fi
        return
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_morphview_options "$exe" $command)" -- "$cur"))
    elif [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur") $(_morphview_files "$cur" gltf glb vrm))
    else
        case $command in
            compare) COMPREPLY=($(_morphview_files "$cur" png)) ;;
            regress) COMPREPLY=($(_morphview_files "$cur" json)) ;;
            environment) COMPREPLY=($(compgen -W studio -- "$cur") $(_morphview_files "$cur" hdr)) ;;
            bench) COMPREPLY=() ;;
            voice-profile) COMPREPLY=($(_morphview_files "$cur" wav)) ;;
            *) COMPREPLY=($(_morphview_files "$cur" gltf glb vrm)) ;;
        esac
    fi
    return 0
}
complete -o filenames -F _morphview morphview
