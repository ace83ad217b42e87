/*
 * weston-inject: a weston 10 module that gives the headless backend a seat with a pointer, a keyboard
 * and a touch screen, driven by text commands, so tests can deliver real input through weston.
 *
 * Build (the harness does this): gcc -shared -fPIC -O2 -o weston-inject.so weston-inject.c \
 *     $(pkg-config --cflags --libs libweston-10 wayland-server)
 * Load: WESTON_INJECT_FIFO=/path/fifo WESTON_INJECT_ACKS=/path/acks weston … --modules=/abs/weston-inject.so
 *
 * One command line is one input frame; commands in a line are separated by ';':
 *   motion X Y | button CODE 1|0 | axis AXIS VALUE | key CODE 1|0
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch cancel
 * weston sends no touch frame after the last finger lifts (the focus is gone by then); clients must
 * treat an up that leaves no finger down as the end of its frame.
 * Coordinates are global (output) coordinates. After a line has been handed to weston, "ok LINE" (or
 * "error LINE") is appended to the acks file.
 *
 * ABI assumption: libweston-10. notify_* and weston_seat_init_* are exported by libweston but declared
 * only in its internal headers, so they are declared here with their weston 10 signatures (weston 12
 * changed x/y to struct weston_coord).
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data, const struct weston_touch_device_ops *ops);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time, struct weston_pointer_axis_event *event);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
                enum wl_keyboard_key_state state, enum weston_key_state_update update_state);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);

struct injector {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch_device;
    int fifo;
    FILE *acks;
    char pending[4096];
    size_t pending_length;
};

/* weston 10's default touch grab ignores notify_touch_cancel, so do what a compositor does when it takes
 * the touch sequence over (a system gesture): send wl_touch.cancel to the focused client and forget every
 * touch point. */
static void cancel_touches(struct injector *in) {
    struct weston_touch *touch = in->seat.touch_state;
    struct wl_resource *resource;
    wl_resource_for_each(resource, &touch->focus_resource_list)
        wl_touch_send_cancel(resource);
    touch->num_tp = 0;
    weston_touch_set_focus(touch, NULL);
}

/* Executes one command; returns false if it is not understood. Sets the frame flags it needs. */
static bool execute(struct injector *in, char *command, bool *pointer_frame, bool *touch_frame) {
    struct timespec now;
    weston_compositor_get_time(&now);
    double x, y;
    int a, b;
    char what[16];
    while (*command == ' ') command++;
    if (sscanf(command, "motion %lf %lf", &x, &y) == 2) {
        notify_motion_absolute(&in->seat, &now, x, y);
        *pointer_frame = true;
    } else if (sscanf(command, "button %d %d", &a, &b) == 2) {
        notify_button(&in->seat, &now, a, b ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        *pointer_frame = true;
    } else if (sscanf(command, "axis %d %lf", &a, &x) == 2) {
        struct weston_pointer_axis_event event = { .axis = (uint32_t)a, .value = x, .has_discrete = false };
        notify_axis(&in->seat, &now, &event);
        *pointer_frame = true;
    } else if (sscanf(command, "key %d %d", &a, &b) == 2) {
        notify_key(&in->seat, &now, (uint32_t)a, b ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
                   STATE_UPDATE_AUTOMATIC);
    } else if (sscanf(command, "touch %15s", what) == 1) {
        if (strcmp(what, "cancel") == 0) {
            cancel_touches(in);
            return true;                         /* cancel ends the sequence: no frame */
        }
        if (strcmp(what, "down") == 0 && sscanf(command, "touch down %d %lf %lf", &a, &x, &y) == 3) {
            notify_touch_normalized(in->touch_device, &now, a, x, y, NULL, WL_TOUCH_DOWN);
        } else if (strcmp(what, "motion") == 0 && sscanf(command, "touch motion %d %lf %lf", &a, &x, &y) == 3) {
            notify_touch_normalized(in->touch_device, &now, a, x, y, NULL, WL_TOUCH_MOTION);
        } else if (strcmp(what, "up") == 0 && sscanf(command, "touch up %d", &a) == 1) {
            notify_touch_normalized(in->touch_device, &now, a, 0, 0, NULL, WL_TOUCH_UP);
        } else {
            return false;
        }
        *touch_frame = true;
    } else {
        return false;
    }
    return true;
}

static void execute_line(struct injector *in, char *line) {
    char original[4096];
    snprintf(original, sizeof original, "%s", line);
    bool pointer_frame = false, touch_frame = false, understood = true;
    for (char *command = strtok(line, ";"); command; command = strtok(NULL, ";"))
        understood = execute(in, command, &pointer_frame, &touch_frame) && understood;
    if (pointer_frame) notify_pointer_frame(&in->seat);
    if (touch_frame) notify_touch_frame(in->touch_device);
    fprintf(in->acks, "%s %s\n", understood ? "ok" : "error", original);
    fflush(in->acks);
}

static int on_readable(int fd, uint32_t mask, void *data) {
    struct injector *in = data;
    ssize_t got = read(fd, in->pending + in->pending_length, sizeof in->pending - 1 - in->pending_length);
    if (got <= 0) return 0;
    in->pending_length += (size_t)got;
    in->pending[in->pending_length] = '\0';
    char *start = in->pending, *newline;
    while ((newline = strchr(start, '\n'))) {
        *newline = '\0';
        if (*start) execute_line(in, start);
        start = newline + 1;
    }
    in->pending_length = strlen(start);
    memmove(in->pending, start, in->pending_length + 1);
    if (in->pending_length == sizeof in->pending - 1) in->pending_length = 0;   /* an absurd line: drop it */
    return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    const char *fifo_path = getenv("WESTON_INJECT_FIFO");
    const char *acks_path = getenv("WESTON_INJECT_ACKS");
    if (!fifo_path || !acks_path) {
        weston_log("weston-inject: set WESTON_INJECT_FIFO and WESTON_INJECT_ACKS\n");
        return -1;
    }
    struct injector *in = calloc(1, sizeof *in);
    in->compositor = compositor;
    unlink(fifo_path);
    if (mkfifo(fifo_path, 0600) != 0 || (in->fifo = open(fifo_path, O_RDWR | O_NONBLOCK | O_CLOEXEC)) < 0
        || !(in->acks = fopen(acks_path, "a"))) {
        weston_log("weston-inject: cannot open %s or %s\n", fifo_path, acks_path);
        return -1;
    }
    weston_seat_init(&in->seat, compositor, "inject-seat");
    weston_seat_init_pointer(&in->seat);
    weston_seat_init_keyboard(&in->seat, NULL);
    weston_seat_init_touch(&in->seat);
    in->touch_device = weston_touch_create_touch_device(in->seat.touch_state, "inject-touch", NULL, NULL);
    wl_event_loop_add_fd(wl_display_get_event_loop(compositor->wl_display), in->fifo, WL_EVENT_READABLE, on_readable, in);
    weston_log("weston-inject: seat ready, commands from %s\n", fifo_path);
    return 0;
}
