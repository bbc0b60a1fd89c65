#ifndef CSPAWN_H
#define CSPAWN_H
#include <sys/types.h>

/// Starts `path` with `argv` and the current environment, its standard input and output both the
/// given descriptor and every other descriptor above 2 closed (posix_spawn with closefrom). Returns 0
/// and the child's pid, or an errno value.
int csp_spawn(const char *path, char *const argv[], int channel_fd, pid_t *pid);

/// A connected pair of Unix stream sockets, both closed on exec (atomically, so no other thread's
/// child inherits them). Returns 0, or -1 with errno set.
int csp_socketpair_cloexec(int fds[2]);

/// Writes `length` bytes to a socket without raising SIGPIPE when the other end is gone (MSG_NOSIGNAL);
/// returns what send returns.
ssize_t csp_send(int fd, const void *bytes, size_t length);

/// Starts a tool with `argv` and `envp` (the current environment when NULL), its standard input, output and
/// error the three given descriptors, every other descriptor above 2 closed, no signal blocked and
/// SIGPIPE, SIGTERM, SIGINT and SIGHUP at their default actions. Returns 0 and the child's pid, or an errno
/// value.
int csp_spawn_tool(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd, pid_t *pid);

/// `csp_send` that never waits: EAGAIN when the socket is full.
ssize_t csp_send_nowait(int fd, const void *bytes, size_t length);

#endif
