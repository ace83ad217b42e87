/* peer: the GTK4 counterpart of the Showcase demos the end-to-end benchmark drags, drawn the way a GTK 4.8
 * program would (GtkSnapshot; GSK_RENDERER=cairo for software rendering, as WaylandUI renders):
 *   --demo scope   (002) a window-sized photo seen only through a 250 px circle that follows the drag
 *   --demo reveal  (000) blue background and a paragraph of text, masked while dragging by a circle at the
 *                  press point that shrinks from the window's height to 100 px, the whole offset by the drag
 *   --demo cards   (cards) five rounded cards with a border, a shadow and two labels; the top one follows
 *                  the drag, tilted by it, and springs back (or flies off when flung) on release
 * GTK 4.8 has no gtk_snapshot_push_mask, so circles are rounded clips. The photo is synthetic (gradients
 * plus noise), 1920x1280. It prints "final snapshots=N updates=N" at exit.
 */
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum demo { SCOPE, REVEAL, CARDS };
static enum demo demo = SCOPE;
static guint64 n_snapshots, n_updates;

static const char *lorem =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et "
    "dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex "
    "ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu "
    "fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt "
    "mollit anim id est laborum.";

/* ------------------------------------------------------------ the photo (scope) */

#define PH_W 1920
#define PH_H 1280

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16; x *= 0x7feb352d; x ^= x >> 15; x *= 0x846ca68b; x ^= x >> 16;
    return x;
}
static int clamp255(double v) { return v < 0 ? 0 : v > 255 ? 255 : (int)v; }

static GdkTexture *make_photo_texture(void)
{
    uint32_t *px = g_malloc((size_t)PH_W * PH_H * 4);
    for (int y = 0; y < PH_H; y++) {
        for (int x = 0; x < PH_W; x++) {
            double fy = (double)y / PH_H, fx = (double)x / PH_W;
            double hill = 0.55 + 0.08 * sin(fx * 7.0) + 0.05 * sin(fx * 17.0 + 1.0);
            double r, g, b;
            if (fy < hill) {
                r = 90 + 120 * fy; g = 140 + 80 * fy; b = 230 - 40 * fy;
                double sx = fx - 0.7, sy = fy - 0.2, sun = exp(-(sx * sx + sy * sy) * 60.0);
                r += 120 * sun; g += 100 * sun; b += 20 * sun;
            } else {
                double t = (fy - hill) / (1.0 - hill);
                r = 60 + 50 * sin(fx * 23.0 + t * 5.0) * (1 - t) + 40 * t;
                g = 110 + 40 * cos(fx * 11.0 - t * 9.0) - 30 * t;
                b = 50 + 20 * sin(fx * 31.0 + t * 3.0);
            }
            int n = (int)(hash32((uint32_t)(y * PH_W + x)) & 31) - 16;
            px[(size_t)y * PH_W + x] = 0xff000000u | (uint32_t)clamp255(r + n) << 16 |
                                       (uint32_t)clamp255(g + n) << 8 | (uint32_t)clamp255(b + n);
        }
    }
    GBytes *bytes = g_bytes_new_take(px, (size_t)PH_W * PH_H * 4);
    GdkTexture *t = gdk_memory_texture_new(PH_W, PH_H, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, PH_W * 4);
    g_bytes_unref(bytes);
    return t;
}

/* ------------------------------------------------------------ the widget */

#define PEER_TYPE_VIEW (peer_view_get_type())
G_DECLARE_FINAL_TYPE(PeerView, peer_view, PEER, VIEW, GtkWidget)

struct _PeerView {
    GtkWidget parent_instance;
    GdkTexture *texture;              /* scope */
    PangoLayout *text;                /* reveal: the paragraph; cards: the hint */
    PangoLayout *titles[5], *subtitles[5];
    gboolean dragging;
    double start_x, start_y, dx, dy;  /* press point, translation */
    gint64 start_time;                /* reveal: when the drag began (µs) */
    double circle;                    /* reveal: the circle's diameter */
    double vx, vy, last_dx, last_dy;  /* cards: velocity (px/s) */
    gint64 last_time;
    double fx[5], fy[5];              /* cards: where flung cards flew to */
    gboolean flown[5];
    double spring_from_x, spring_from_y; /* cards: the release's translation, eased back to 0 */
    gint64 spring_start;
    guint tick;
};

G_DEFINE_TYPE(PeerView, peer_view, GTK_TYPE_WIDGET)

static const GdkRGBA card_colors[5] = {
    {0.95, 0.45, 0.35, 1}, {0.30, 0.60, 0.95, 1}, {0.35, 0.75, 0.50, 1}, {0.85, 0.65, 0.20, 1}, {0.65, 0.40, 0.90, 1},
};
static const char *card_titles[5] = {"Springs", "Velocity", "Gestures", "Layout", "Wayland"};

static PangoLayout *label(GtkWidget *w, const char *text, double px, int weight)
{
    PangoLayout *l = gtk_widget_create_pango_layout(w, text);
    PangoFontDescription *f = pango_font_description_from_string("Sans");
    pango_font_description_set_absolute_size(f, px * PANGO_SCALE);
    pango_font_description_set_weight(f, weight);
    pango_layout_set_font_description(l, f);
    pango_font_description_free(f);
    return l;
}

static int top_card(PeerView *self)
{
    for (int i = 0; i < 5; i++) if (!self->flown[i]) return i;
    return -1;
}

static void snapshot_scope(PeerView *self, GtkSnapshot *s, float w, float h)
{
    GdkRGBA black = {0, 0, 0, 1};
    gtk_snapshot_append_color(s, &black, &GRAPHENE_RECT_INIT(0, 0, w, h));
    if (!self->dragging) return;
    GskRoundedRect clip;
    gsk_rounded_rect_init_from_rect(&clip, &GRAPHENE_RECT_INIT(self->start_x + self->dx - 125,
                                                                self->start_y + self->dy - 125, 250, 250), 125);
    gtk_snapshot_push_rounded_clip(s, &clip);
    gtk_snapshot_append_texture(s, self->texture, &GRAPHENE_RECT_INIT(0, 0, w, h));
    gtk_snapshot_pop(s);
}

static void snapshot_reveal(PeerView *self, GtkSnapshot *s, float w, float h)
{
    GdkRGBA blue = {0, 0.48, 1, 1}, black = {0, 0, 0, 1};
    gtk_snapshot_save(s);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT(self->dx, self->dy));
    if (self->dragging) {
        double r = self->circle / 2;
        GskRoundedRect clip;
        gsk_rounded_rect_init_from_rect(&clip, &GRAPHENE_RECT_INIT(self->start_x - r, self->start_y - r,
                                                                    2 * r, 2 * r), r);
        gtk_snapshot_push_rounded_clip(s, &clip);
    }
    gtk_snapshot_append_color(s, &blue, &GRAPHENE_RECT_INIT(-h, -h, w + 2 * h, 3 * h));
    pango_layout_set_width(self->text, (int)((w - 32) * PANGO_SCALE));
    int tw, th;
    pango_layout_get_pixel_size(self->text, &tw, &th);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT((w - tw) / 2, (h - th) / 2));
    gtk_snapshot_append_layout(s, self->text, &black);
    if (self->dragging) gtk_snapshot_pop(s);
    gtk_snapshot_restore(s);
}

static void snapshot_card(PeerView *self, GtkSnapshot *s, float w, float h, int i, int top)
{
    double ox, oy, scale = 1, depth = top < 0 ? 0 : i - top;
    if (self->flown[i]) { ox = self->fx[i]; oy = self->fy[i]; }
    else if (i == top) { ox = self->dx; oy = self->dy; }
    else { ox = 0; oy = depth * 10; scale = 1 - depth * 0.04; }
    GskRoundedRect card;
    gsk_rounded_rect_init_from_rect(&card, &GRAPHENE_RECT_INIT(-150, -190, 300, 380), 24);
    gtk_snapshot_save(s);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT(w / 2 + ox, h / 2 + oy));
    gtk_snapshot_rotate(s, ox / 20);
    gtk_snapshot_scale(s, scale, scale);
    gtk_snapshot_append_outset_shadow(s, &card, &(GdkRGBA){0, 0, 0, 0.4}, 0, 6, 0, 10);
    gtk_snapshot_push_rounded_clip(s, &card);
    gtk_snapshot_append_color(s, &card_colors[i], &card.bounds);
    gtk_snapshot_pop(s);
    int tw, th, sw, sh;
    pango_layout_get_pixel_size(self->titles[i], &tw, &th);
    pango_layout_get_pixel_size(self->subtitles[i], &sw, &sh);
    double y = -(th + 8 + sh) / 2.0;
    gtk_snapshot_save(s);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT(-tw / 2.0, y));
    gtk_snapshot_append_layout(s, self->titles[i], &(GdkRGBA){1, 1, 1, 1});
    gtk_snapshot_restore(s);
    gtk_snapshot_save(s);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT(-sw / 2.0, y + th + 8));
    gtk_snapshot_append_layout(s, self->subtitles[i], &(GdkRGBA){1, 1, 1, 0.8});
    gtk_snapshot_restore(s);
    GdkRGBA border = {1, 1, 1, 0.35};
    const float widths[4] = {2, 2, 2, 2};
    const GdkRGBA colors[4] = {border, border, border, border};
    gtk_snapshot_append_border(s, &card, widths, colors);
    gtk_snapshot_restore(s);
}

static void snapshot_cards(PeerView *self, GtkSnapshot *s, float w, float h)
{
    gtk_snapshot_append_color(s, &(GdkRGBA){0.12, 0.10, 0.18, 1}, &GRAPHENE_RECT_INIT(0, 0, w, h));
    int tw, th;
    pango_layout_get_pixel_size(self->text, &tw, &th);
    gtk_snapshot_save(s);
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT((w - tw) / 2, (h - th) / 2 + 230));
    gtk_snapshot_append_layout(s, self->text, &(GdkRGBA){1, 1, 1, 0.6});
    gtk_snapshot_restore(s);
    int top = top_card(self);
    for (int i = 4; i >= 0; i--) snapshot_card(self, s, w, h, i, top);
}

static void peer_view_snapshot(GtkWidget *widget, GtkSnapshot *s)
{
    PeerView *self = PEER_VIEW(widget);
    float w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    if (n_snapshots++ == 0) {
        GskRenderer *r = gtk_native_get_renderer(gtk_widget_get_native(widget));
        printf("renderer=%s size=%.0fx%.0f\n", r ? G_OBJECT_TYPE_NAME(r) : "?", w, h);
        fflush(stdout);
    }
    switch (demo) {
    case SCOPE: snapshot_scope(self, s, w, h); break;
    case REVEAL: snapshot_reveal(self, s, w, h); break;
    case CARDS: snapshot_cards(self, s, w, h); break;
    }
}

/* ------------------------------------------------------------ input */

static gboolean spring_tick(GtkWidget *w, GdkFrameClock *clock, gpointer data)
{
    PeerView *self = PEER_VIEW(w);
    double t = (gdk_frame_clock_get_frame_time(clock) - self->spring_start) / 500000.0;
    if (t >= 1 || self->dragging) {
        if (!self->dragging) self->dx = self->dy = 0;
        self->tick = 0;
        gtk_widget_queue_draw(w);
        return G_SOURCE_REMOVE;
    }
    double k = exp(-6 * t) * cos(4 * t);  /* an underdamped ease to zero */
    self->dx = self->spring_from_x * k;
    self->dy = self->spring_from_y * k;
    gtk_widget_queue_draw(w);
    return G_SOURCE_CONTINUE;
}

static void drag_begin(GtkGestureDrag *g, double x, double y, PeerView *self)
{
    self->dragging = TRUE;
    self->start_x = x; self->start_y = y;
    self->dx = self->dy = self->vx = self->vy = self->last_dx = self->last_dy = 0;
    self->start_time = self->last_time = g_get_monotonic_time();
    self->circle = gtk_widget_get_height(GTK_WIDGET(self));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void drag_update(GtkGestureDrag *g, double ox, double oy, PeerView *self)
{
    n_updates++;
    gint64 now = g_get_monotonic_time();
    double h = gtk_widget_get_height(GTK_WIDGET(self));
    self->circle = fmax(100, h - h * (now - self->start_time) / 500000.0);
    if (now > self->last_time) {
        double dt = (now - self->last_time) / 1e6;
        self->vx = 0.7 * self->vx + 0.3 * (ox - self->last_dx) / dt;
        self->vy = 0.7 * self->vy + 0.3 * (oy - self->last_dy) / dt;
    }
    self->last_dx = ox; self->last_dy = oy; self->last_time = now;
    self->dx = ox; self->dy = oy;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void drag_end(GtkGestureDrag *g, double ox, double oy, PeerView *self)
{
    self->dragging = FALSE;
    if (demo == CARDS) {
        int top = top_card(self);
        double px = ox + self->vx / 4, py = oy + self->vy / 4, d = hypot(px, py);
        if (top >= 0 && d > 220) {
            double f = fmax(1.5, 900 / d);
            self->flown[top] = TRUE; self->fx[top] = px * f; self->fy[top] = py * f;
            if (top == 4) memset(self->flown, 0, sizeof self->flown);
            self->dx = self->dy = 0;
        } else {
            self->spring_from_x = ox; self->spring_from_y = oy;
            self->spring_start = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(GTK_WIDGET(self)));
            if (!self->tick) self->tick = gtk_widget_add_tick_callback(GTK_WIDGET(self), spring_tick, NULL, NULL);
        }
    } else {
        self->dx = self->dy = 0;
    }
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void peer_view_dispose(GObject *o)
{
    PeerView *self = PEER_VIEW(o);
    g_clear_object(&self->texture);
    g_clear_object(&self->text);
    for (int i = 0; i < 5; i++) { g_clear_object(&self->titles[i]); g_clear_object(&self->subtitles[i]); }
    G_OBJECT_CLASS(peer_view_parent_class)->dispose(o);
}

static void peer_view_class_init(PeerViewClass *klass)
{
    GTK_WIDGET_CLASS(klass)->snapshot = peer_view_snapshot;
    G_OBJECT_CLASS(klass)->dispose = peer_view_dispose;
}

static void peer_view_init(PeerView *self)
{
    GtkWidget *w = GTK_WIDGET(self);
    if (demo == SCOPE) self->texture = make_photo_texture();
    if (demo == REVEAL) {
        self->text = label(w, lorem, 22, PANGO_WEIGHT_NORMAL);
        pango_layout_set_wrap(self->text, PANGO_WRAP_WORD);
    }
    if (demo == CARDS) {
        self->text = label(w, "Fling the top card away", 20, PANGO_WEIGHT_NORMAL);
        for (int i = 0; i < 5; i++) {
            char sub[32];
            snprintf(sub, sizeof sub, "card %d of 5", i + 1);
            self->titles[i] = label(w, card_titles[i], 34, PANGO_WEIGHT_BOLD);
            self->subtitles[i] = label(w, sub, 17, PANGO_WEIGHT_SEMIBOLD);
        }
    }
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), GDK_BUTTON_PRIMARY);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), self);
    gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(drag));
    gtk_widget_set_hexpand(w, TRUE);
    gtk_widget_set_vexpand(w, TRUE);
}

/* ------------------------------------------------------------ app */

static gboolean on_term(gpointer app) { g_application_quit(G_APPLICATION(app)); return G_SOURCE_REMOVE; }

static void activate(GtkApplication *app, gpointer data)
{
    GtkWidget *win = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(win), "peer");
    gtk_window_set_decorated(GTK_WINDOW(win), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(win), 800, 600);
    gtk_window_set_child(GTK_WINDOW(win), g_object_new(PEER_TYPE_VIEW, NULL));
    gtk_window_present(GTK_WINDOW(win));
}

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--demo")) continue;
        const char *d = argv[i + 1];
        if (!strcmp(d, "002") || !strcmp(d, "scope")) demo = SCOPE;
        else if (!strcmp(d, "000") || !strcmp(d, "reveal")) demo = REVEAL;
        else if (!strcmp(d, "cards")) demo = CARDS;
        else { fprintf(stderr, "peer: no demo named '%s' (known: 002, 000, cards)\n", d); return 2; }
    }
    GtkApplication *app = gtk_application_new("org.example.WaylandUIPeer", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    g_unix_signal_add(SIGTERM, on_term, app);
    g_unix_signal_add(SIGINT, on_term, app);
    /* GApplication would take --demo for its own option */
    int rc = g_application_run(G_APPLICATION(app), 1, argv);
    printf("final snapshots=%" G_GUINT64_FORMAT " updates=%" G_GUINT64_FORMAT "\n", n_snapshots, n_updates);
    g_object_unref(app);
    return rc;
}
