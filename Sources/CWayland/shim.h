#include <wayland-client-core.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>

/* glibc declares memfd_create and the seal constants only under _GNU_SOURCE, which Swift's Glibc module
   is not built with; these wrappers give the shm pool what it needs. */
static inline int waylandui_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 0x0001U /* MFD_CLOEXEC */ | 0x0002U /* MFD_ALLOW_SEALING */);
}

/* Forbids shrinking and growing (the compositor maps the whole file) and further sealing. */
static inline int waylandui_seal_size(int fd) {
    return fcntl(fd, 1033 /* F_ADD_SEALS */, 0x0001 /* SEAL */ | 0x0002 /* SHRINK */ | 0x0004 /* GROW */);
}
