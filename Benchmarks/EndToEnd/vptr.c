/* vptr: keeps one wlr virtual pointer alive, so that sway's headless seat has the
 * pointer capability, and runs commands read from stdin, one per line. It prints
 * one line on stdout when each command is done (after a roundtrip), so a driver
 * can block on reading it:
 *   move N DX DY US [LEG]  N relative motions of (DX,DY) px, one every US microseconds
 *                          (absolute deadlines, so N*US is the duration). If LEG > 0,
 *                          the direction flips every LEG steps (out and back)
 *   press | release        left button (BTN_LEFT)
 * The motion has to come from here
 * because sway 1.7's `seat cursor move` sends no motion while a button is held. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "virtual-pointer-min-client.h"

#define BTN_LEFT 0x110

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *mgr;

static void global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t ver)
{
    if (!strcmp(iface, wl_seat_interface.name) && !seat)
        seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    else if (!strcmp(iface, zwlr_virtual_pointer_manager_v1_interface.name))
        mgr = wl_registry_bind(r, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener reg_listener = {global, global_remove};

static uint32_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

int main(void)
{
    struct wl_display *dpy = wl_display_connect(NULL);
    if (!dpy) { fprintf(stderr, "vptr: cannot connect\n"); return 1; }
    struct wl_registry *reg = wl_display_get_registry(dpy);
    wl_registry_add_listener(reg, &reg_listener, NULL);
    wl_display_roundtrip(dpy);
    if (!mgr) { fprintf(stderr, "vptr: no zwlr_virtual_pointer_manager_v1\n"); return 1; }
    struct zwlr_virtual_pointer_v1 *vp = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(mgr, seat);
    wl_display_roundtrip(dpy);
    printf("ready\n");
    fflush(stdout);

    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        int n, dx, dy, us, leg = 0;
        if (sscanf(line, "move %d %d %d %d %d", &n, &dx, &dy, &us, &leg) >= 4) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            for (int i = 0; i < n; i++) {
                int sign = leg > 0 && (i / leg) % 2 ? -1 : 1;
                zwlr_virtual_pointer_v1_motion(vp, now_ms(), wl_fixed_from_int(sign * dx),
                                               wl_fixed_from_int(sign * dy));
                zwlr_virtual_pointer_v1_frame(vp);
                wl_display_flush(dpy);
                t.tv_nsec += us * 1000L;
                while (t.tv_nsec >= 1000000000L) { t.tv_nsec -= 1000000000L; t.tv_sec++; }
                clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
            }
            wl_display_roundtrip(dpy);
            printf("moved %d\n", n);
        } else if (!strncmp(line, "press", 5) || !strncmp(line, "release", 7)) {
            zwlr_virtual_pointer_v1_button(vp, now_ms(), BTN_LEFT, line[0] == 'p');
            zwlr_virtual_pointer_v1_frame(vp);
            wl_display_roundtrip(dpy);
            printf("%s", line);
        } else {
            printf("unknown command\n");
        }
        fflush(stdout);
    }
    return 0;
}
