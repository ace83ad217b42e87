#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface on a private session bus, for WaylandUI's tests.

Usage: fake-settings-portal.py SCHEME [--legacy]
Answers org.freedesktop.appearance color-scheme with SCHEME (ReadOne; with --legacy only the older Read, which
wraps the value in two variants), emits SettingChanged when org.waylandui.FakePortal.SetColorScheme is called,
and prints "ready" once it owns org.freedesktop.portal.Desktop.
"""
import sys
from gi.repository import Gio, GLib

INTERFACES = """
<node>
  <interface name='org.freedesktop.portal.Settings'>
    <method name='ReadOne'><arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='v' direction='out'/></method>
    <method name='Read'><arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='v' direction='out'/></method>
    <signal name='SettingChanged'><arg type='s'/><arg type='s'/><arg type='v'/></signal>
  </interface>
  <interface name='org.waylandui.FakePortal'>
    <method name='SetColorScheme'><arg type='u' direction='in'/></method>
  </interface>
</node>
"""
PATH = '/org/freedesktop/portal/desktop'
scheme = int(sys.argv[1])
legacy = '--legacy' in sys.argv


def known(namespace, key):
    return namespace == 'org.freedesktop.appearance' and key == 'color-scheme'


def on_call(connection, sender, path, interface, method, parameters, invocation):
    global scheme
    if method == 'ReadOne' and not legacy:
        if not known(*parameters.unpack()):
            return invocation.return_dbus_error('org.freedesktop.portal.Error.NotFound', 'no such setting')
        invocation.return_value(GLib.Variant('(v)', (GLib.Variant('u', scheme),)))
    elif method == 'Read':
        if not known(*parameters.unpack()):
            return invocation.return_dbus_error('org.freedesktop.portal.Error.NotFound', 'no such setting')
        invocation.return_value(GLib.Variant('(v)', (GLib.Variant('v', GLib.Variant('u', scheme)),)))
    elif method == 'SetColorScheme':
        scheme = parameters.unpack()[0]
        value = GLib.Variant('(ssv)', ('org.freedesktop.appearance', 'color-scheme', GLib.Variant('u', scheme)))
        connection.emit_signal(None, PATH, 'org.freedesktop.portal.Settings', 'SettingChanged', value)
        invocation.return_value(None)
    else:
        invocation.return_dbus_error('org.freedesktop.DBus.Error.UnknownMethod', method)


def on_bus(connection, name):
    for interface in Gio.DBusNodeInfo.new_for_xml(INTERFACES).interfaces:
        connection.register_object(PATH, interface, on_call, None, None)


def on_name(connection, name):
    print('ready', flush=True)


Gio.bus_own_name(Gio.BusType.SESSION, 'org.freedesktop.portal.Desktop', Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, lambda *_: sys.exit(1))
GLib.MainLoop().run()
