// glibc's GNU extensions (posix_spawn_file_actions_addclosefrom_np, SOCK_CLOEXEC, MSG_NOSIGNAL),
// which Swift's Glibc module does not export.
#define _GNU_SOURCE
#include "CSpawn.h"
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

extern char **environ;

int csp_spawn(const char *path, char *const argv[], int channel_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawn_file_actions_adddup2(&actions, channel_fd, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, channel_fd, 1);
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (status == 0) status = posix_spawn(pid, path, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int csp_socketpair_cloexec(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
}

ssize_t csp_send(int fd, const void *bytes, size_t length) {
    return send(fd, bytes, length, MSG_NOSIGNAL);
}

int csp_spawn_tool(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    // A thread of a dispatch or task pool blocks some signals, and the mask is inherited through exec.
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGHUP);
    status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (status == 0) status = posix_spawn(pid, path, &actions, &attributes, argv, envp ? envp : environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

ssize_t csp_send_nowait(int fd, const void *bytes, size_t length) {
    return send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT);
}
