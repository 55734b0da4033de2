/// The commented file `apiexplorer config --init` writes: every key, set to its default or shown commented out.
public enum ConfigTemplate {
    /// The file's text; it loads without warnings (ConfigTemplateTests).
    public static let text = """
        # apiexplorer configuration. Command-line flags and environment variables win over this file.
        # `apiexplorer config` shows every setting in force and where it came from.
        # The JSON Schema is Collections/config.schema.json in the apiexplorer repository.

        # Colours: dark, light, high-contrast, 16-color, or the path of a theme YAML file.
        theme: dark

        # Keys: a preset (vim is the standard map; emacs; arrows has no letter navigation), then rebindings per mode:
        # global, tree, request, response, table, params, headers, body, auth, checks, options, history, and the
        # overlays (picker, form, environmentPicker, ...). A value is a key or a list of keys: "a", "A", "Ctrl-P",
        # "Alt-B", "Enter", "Esc", "Tab", "Space", "F1", "PgDn", "Up". A rebinding moves the key; the README lists
        # every action's name.
        keymap:
          preset: vim
          # tree: {new: "a"}
          # global: {quit: ["q", "Ctrl-Q"]}

        # Panes: stack them vertically always, never, or on narrow terminals (auto); split is the tree's width in percent.
        layout:
          stack: auto
          # split: 30

        # The environment each collection starts in when no --env is given (by collection name or folder name).
        # environments:
        #   Demo: local

        # Clicks and the wheel (false leaves the mouse to the terminal, as --no-mouse does).
        mouse: true

        # The clipboard tool (wl-copy, xclip, xsel, pbcopy) or osc52; by default the first one that works.
        # clipboard: osc52
        # The pager for a response body (o); default $PAGER, else less -R.
        # pager: less -R
        # The editor for E; default $VISUAL, $EDITOR, else vi.
        # editor: vim

        # Every exchange is kept in a SQLite file (as --history, --no-history and APIEXPLORER_HISTORY* do).
        history:
          enabled: true
          # path: ~/.local/state/apiexplorer/history.sqlite
          maxAge: 90d          # 12h, 2w; 0 or off keeps exchanges however old
          largeBodies: truncate  # or skip

        # Cookies the servers set are kept and sent back.
        cookies:
          enabled: true

        # Response bodies: send's --pretty default (all, colors, format, none) and how the explorer starts.
        response:
          # pretty: all
          wrap: false
          lineNumbers: true

        # Seconds a request script may run; one that runs longer is stopped and its request not sent.
        scriptTimeout: 5

        """
}
