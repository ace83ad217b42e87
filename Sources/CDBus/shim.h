#include <dbus/dbus.h>

/* Type codes as plain values: the character-literal macros do not import into Swift as integers. */
static const int WUI_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int WUI_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int WUI_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int WUI_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
