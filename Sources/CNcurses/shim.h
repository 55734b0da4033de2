#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// SwiftPM drops pkg-config cflags, so the wide-character API must be switched on here.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

// stdscr, LINES and COLS are mutable globals Swift 6 cannot touch safely; read them through functions.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }

// The A_* attributes and KEY_F are macros Swift cannot import.
static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_italic(void) { return A_ITALIC; }
static inline int cn_key_f(int n) { return KEY_F(n); }

// Reports the linked library version so the build proves ncurses links.
static inline const char *cn_version(void) { return curses_version(); }

#endif
