/*
 * A mutter 43 compositor plugin for tests: no window animations and a flat background.
 *
 * mutter's built-in default plugin fades and zooms every new window in (and every closing one out)
 * for 250 ms, which makes the first frames of a window wrong in screenshots and maps pointer and
 * touch coordinates through the animated transform. Its MetaPluginClass::map/::destroy vfuncs are
 * what start those effects; when a plugin leaves them NULL, mutter maps and unmaps windows at once.
 *
 * Built without libmutter-11-dev (that package pulls in ~80 packages): the few declarations needed
 * are written out here. ABI assumptions (mutter 43, checked against libmutter-11.so.0 here):
 * - MetaPluginClass starts with GObjectClass followed by `void (*start)(MetaPlugin *)`; every
 *   other vfunc is left NULL (the class struct is declared larger than mutter's, so GType is happy);
 * - the instance is a GObject plus private data (declared larger than mutter's as well);
 * - mutter loads the module given by `--mutter-plugin=/abs/path.so` and calls its exported
 *   `meta_plugin_register_type (GTypeModule *)`.
 *
 * Build: gcc -shared -fPIC -O2 -o noanim-plugin.so noanim-plugin.c $(pkg-config --cflags --libs gobject-2.0 gmodule-2.0)
 *        (the meta_ and clutter_ symbols resolve against the mutter process at load time).
 */
#include <glib-object.h>
#include <gmodule.h>

typedef struct { GObject parent; gpointer reserved[8]; } NoAnimPlugin;
typedef struct {
  GObjectClass parent_class;
  void (*start) (NoAnimPlugin *plugin);
  gpointer other_vfuncs[64];            /* minimize, ..., map, destroy, ...: all stay NULL */
} NoAnimPluginClass;

typedef struct { guint8 red, green, blue, alpha; } ClutterColor;

extern GType    meta_plugin_get_type (void);
extern gpointer meta_plugin_get_display (gpointer plugin);
extern gpointer meta_get_stage_for_display (gpointer display);
extern gpointer meta_get_backend (void);
extern void     meta_backend_set_keymap (gpointer backend, const char *layouts, const char *variants, const char *options);
extern gpointer meta_get_window_group_for_display (gpointer display);
extern gpointer clutter_actor_new (void);
extern void     clutter_actor_set_size (gpointer actor, float width, float height);
extern void     clutter_actor_insert_child_below (gpointer parent, gpointer child, gpointer sibling);
extern void     clutter_actor_set_background_color (gpointer actor, const ClutterColor *color);
extern void     clutter_actor_show (gpointer actor);

static void
noanim_start (NoAnimPlugin *plugin)
{
  gpointer display = meta_plugin_get_display (plugin);
  gpointer stage = meta_get_stage_for_display (display);
  gpointer background = clutter_actor_new ();
  /* MUTTER_SESSION_BACKGROUND=RRGGBB overrides the flat background (default 204060) */
  const char *hex = g_getenv ("MUTTER_SESSION_BACKGROUND");
  guint32 rgb = hex ? (guint32) g_ascii_strtoull (hex, NULL, 16) : 0x204060;
  ClutterColor color = { (rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, 0xff };

  meta_backend_set_keymap (meta_get_backend (), "us", "", "");
  /* an opaque rectangle below all windows, larger than any test monitor (the stage itself stays
   * transparent black: a stage background colour is not painted) */
  clutter_actor_set_background_color (background, &color);
  clutter_actor_set_size (background, 16384.0f, 16384.0f);
  clutter_actor_insert_child_below (meta_get_window_group_for_display (display), background, NULL);
  clutter_actor_show (background);
  clutter_actor_show (stage);
}

static GType noanim_plugin_type = 0;

static void
noanim_plugin_class_init (gpointer klass, gpointer data)
{
  ((NoAnimPluginClass *) klass)->start = noanim_start;
}

G_MODULE_EXPORT GType meta_plugin_register_type (GTypeModule *type_module);

G_MODULE_EXPORT GType
meta_plugin_register_type (GTypeModule *type_module)
{
  const GTypeInfo info = {
    sizeof (NoAnimPluginClass), NULL, NULL, noanim_plugin_class_init, NULL, NULL,
    sizeof (NoAnimPlugin), 0, NULL, NULL
  };
  if (noanim_plugin_type == 0)
    noanim_plugin_type = g_type_module_register_type (type_module, meta_plugin_get_type (),
                                                      "WuiNoAnimPlugin", &info, 0);
  return noanim_plugin_type;
}
