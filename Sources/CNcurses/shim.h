#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// SwiftPM drops pkg-config cflags, so the wide-character API must be switched on here.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

// stdscr, LINES and COLS are mutable globals Swift 6 cannot touch safely; read them through functions.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

// stdin/stdout are mutable globals too; newterm (unlike initscr) reports an unusable TERM instead of exiting.
static inline SCREEN *cn_newterm(void) { return newterm(NULL, stdout, stdin); }

// The A_* attributes and KEY_F are macros Swift cannot import.
static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_italic(void) { return A_ITALIC; }
static inline int cn_key_f(int n) { return KEY_F(n); }

// Mouse: presses and releases of the first button (a click; a drag of the pane border) and the wheel (buttons 4 and 5). The masks are function-like macros Swift cannot
// import. Returns the mask ncurses accepted (0 when the terminal has no mouse).
static inline mmask_t cn_enable_mouse(void) {
    mouseinterval(0);
    // CLICKED too: a press and its release read together (a fast click, or both in one write over SSH) come as one
    // click event once releases are asked for, and the press alone would be lost.
    return mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
}
// Reads the pending mouse event: 1 for a click, 6 for the first button let go, 4 for wheel up, 5 for wheel down, 0 for
// anything else or none.
static inline int cn_read_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) { return 0; }
    *x = event.x;
    *y = event.y;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) { return 1; }
    if (event.bstate & BUTTON4_PRESSED) { return 4; }
    if (event.bstate & BUTTON5_PRESSED) { return 5; }
    if (event.bstate & BUTTON1_RELEASED) { return 6; }
    return 0;
}

// Reports the linked library version so the build proves ncurses links.
static inline const char *cn_version(void) { return curses_version(); }

// Wide cells go through a cchar_t, which Swift cannot build itself (setcchar takes a wchar_t string).
// Returns ERR at the bottom-right corner, where ncurses draws the cell but cannot advance the cursor.
static inline int cn_put_cell(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) { return ERR; }
    return mvadd_wch(y, x, &cell);
}

// Bracketed paste: the terminal wraps pasted text in ESC[200~ … ESC[201~, which ncurses reports as these two codes,
// so a paste is read as text and never as keys.
static inline int cn_paste_start_code(void) { return KEY_MAX + 1; }
static inline int cn_paste_end_code(void) { return KEY_MAX + 2; }
static inline void cn_set_bracketed_paste(int on) {
    const char *sequence = on ? "\x1b[?2004h" : "\x1b[?2004l";
    ssize_t ignored = write(STDOUT_FILENO, sequence, strlen(sequence));
    (void)ignored;
    if (on) {
        define_key("\x1b[200~", cn_paste_start_code());
        define_key("\x1b[201~", cn_paste_end_code());
    }
}

// Restores the terminal from any context, including a signal handler: endwin is what ncurses itself
// calls from its own SIGINT/SIGTERM handlers, and it only writes to the terminal and resets tty modes.
static inline void cn_emergency_restore(void) {
    if (stdscr != NULL && !isendwin()) {
        cn_set_bracketed_paste(0);
        endwin();
    }
}

static void cn_exit_on_signal(int signal_number) {
    cn_emergency_restore();
    // _exit, not exit: atexit handlers and stdio buffers are not safe to run from a signal handler.
    _exit(128 + signal_number);
}

// Kept in a function because Swift's C importer does not emit storage for a header's static globals.
static struct sigaction *cn_previous_crash_actions(void) {
    static struct sigaction actions[32];
    return actions;
}

static void cn_restore_then_crash(int signal_number) {
    cn_emergency_restore();
    // Put back whatever handled the crash before (the Swift runtime's backtracer, or the default)
    // and return: the faulting instruction runs again, or the re-raised signal is delivered to it.
    if (signal_number > 0 && signal_number < 32) {
        sigaction(signal_number, &cn_previous_crash_actions()[signal_number], NULL);
    }
    raise(signal_number);
}

static void cn_restore_at_exit(void) { cn_emergency_restore(); }

// Installs process-wide handlers so the terminal is restored on SIGINT/SIGTERM/SIGHUP (exiting
// 128+signal), on crashes (then crashing as before), and on exit() from anywhere (an error thrown
// out of main, exit() in a library). Call once, after the screen is initialised.
static inline void cn_install_restore_handlers(void) {
    static int installed = 0;
    if (installed) { return; }
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = cn_exit_on_signal;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);

    int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) {
        struct sigaction crash;
        memset(&crash, 0, sizeof crash);
        sigemptyset(&crash.sa_mask);
        crash.sa_handler = cn_restore_then_crash;
        // SA_NODEFER lets the re-raised signal reach the previous handler while this one is still on the stack.
        crash.sa_flags = SA_NODEFER;
        sigaction(crashes[i], &crash, &cn_previous_crash_actions()[crashes[i]]);
    }
    atexit(cn_restore_at_exit);
}

#endif
