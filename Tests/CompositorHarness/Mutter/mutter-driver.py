#!/usr/bin/python3
"""Input and screenshot driver for a headless mutter 43 (see README.md in this directory).

Usage: mutter-driver.py RUNTIME_DIR WAYLAND_DISPLAY_NAME
Environment: DBUS_SESSION_BUS_ADDRESS (the session's private bus), XDG_RUNTIME_DIR.

Holds ONE D-Bus connection that owns a RemoteDesktop session linked to a ScreenCast
RecordMonitor stream of the virtual monitor (mutter closes the session when the connection
that created it goes away; absolute motion and touch need a stream of the monitor the
coordinates belong to). Warms the lazily created virtual devices up, proves the seat has
pointer+keyboard+touch with a tiny built-in Wayland probe, takes one warm-up screenshot,
creates RUNTIME_DIR/input.fifo and then writes RUNTIME_DIR/.driver-ready.

Commands (one per line on the FIFO), each acknowledged in RUNTIME_DIR/acks after it ran:
  motion X Y | button CODE 1|0 | axis DX DY | wheel STEPS_X STEPS_Y | key CODE 1|0 |
  touch down ID X Y | touch motion ID X Y | touch up ID | screenshot PATH | sync
Ack lines: "ok <command>" or "error <command>: <reason>".
"""

import os
import socket
import struct
import subprocess
import sys
import time

from gi.repository import Gio, GLib

RD = 'org.gnome.Mutter.RemoteDesktop'
SC = 'org.gnome.Mutter.ScreenCast'
DC = 'org.gnome.Mutter.DisplayConfig'
RDS = RD + '.Session'
SCS = SC + '.Session'

AXIS_FLAG_FINISH = 1 << 0       # META_REMOTE_DESKTOP_NOTIFY_AXIS_FLAGS_FINISH

RUNTIME_DIR = sys.argv[1]
DISPLAY_NAME = sys.argv[2] if len(sys.argv) > 2 else 'wl-test'
FIFO = os.path.join(RUNTIME_DIR, 'input.fifo')
ACKS = os.path.join(RUNTIME_DIR, 'acks')
T0 = time.monotonic()


def log(*a):
    print('[driver %7.3f]' % (time.monotonic() - T0), *a, flush=True)


def fail(reason):
    log('FATAL', reason)
    try:
        with open(os.path.join(RUNTIME_DIR, 'failed'), 'w') as f:
            f.write('mutter-driver: ' + reason + '\n')
    except OSError:
        pass
    sys.exit(1)


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
ctx = GLib.MainContext.default()


def pump(seconds=0.0):
    """Dispatch pending GLib events (D-Bus signals) for up to `seconds`."""
    end = time.monotonic() + seconds
    while True:
        while ctx.pending():
            ctx.iteration(False)
        if time.monotonic() >= end:
            return
        time.sleep(0.005)


def call(dest, path, iface, method, sig=None, args=(), timeout_ms=5000):
    r = bus.call_sync(dest, path, iface, method, GLib.Variant(sig, args) if sig else None,
                      None, Gio.DBusCallFlags.NO_AUTO_START, timeout_ms, None)
    return r.unpack() if r else None


def wait_for(cond, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump()
        if cond():
            return
        time.sleep(0.01)
    pump()
    if not cond():
        fail('timed out after %.0f s waiting for %s' % (timeout, what))


# --- a tiny Wayland client (raw wire protocol) used only to see the seat capabilities ---------

class SeatProbe:
    """Connects, binds wl_seat and records its capabilities (1 pointer, 2 keyboard, 4 touch)."""

    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.s.setblocking(False)
        self.buf = b''
        self.caps = None
        self.seat_bound = False
        self._send(1, 1, struct.pack('<I', 2))          # wl_display.get_registry(new_id 2)

    def _send(self, obj, opcode, payload):
        self.s.sendall(struct.pack('<II', obj, ((8 + len(payload)) << 16) | opcode) + payload)

    @staticmethod
    def _string(payload, off):
        (n,) = struct.unpack_from('<I', payload, off)
        s = payload[off + 4: off + 4 + n - 1].decode()
        return s, off + 4 + ((n + 3) & ~3)

    def poll(self):
        try:
            while True:
                data = self.s.recv(65536)
                if not data:
                    raise ConnectionError('compositor closed the probe connection')
                self.buf += data
        except BlockingIOError:
            pass
        while len(self.buf) >= 8:
            obj, word = struct.unpack_from('<II', self.buf)
            size, opcode = word >> 16, word & 0xffff
            if len(self.buf) < size:
                break
            payload, self.buf = self.buf[8:size], self.buf[size:]
            if obj == 1 and opcode == 0:
                raise ConnectionError('wl_display.error from compositor')
            if obj == 2 and opcode == 0:                    # wl_registry.global(name, interface, version)
                (name,) = struct.unpack_from('<I', payload)
                iface, off = self._string(payload, 4)
                if iface == 'wl_seat' and not self.seat_bound:
                    self.seat_bound = True
                    iface_b = b'wl_seat\0'
                    body = struct.pack('<II', name, len(iface_b)) + iface_b.ljust(8, b'\0') + struct.pack('<II', 1, 3)
                    self._send(2, 0, body)                  # wl_registry.bind(name, "wl_seat", 1, new_id 3)
            elif obj == 3 and opcode == 0:                  # wl_seat.capabilities(u)
                (self.caps,) = struct.unpack_from('<I', payload)

    def close(self):
        self.s.close()


# --- set up the linked RemoteDesktop + ScreenCast(RecordMonitor) sessions ---------------------

for name in (RD, SC, DC):
    wait_for(lambda: call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                          'NameHasOwner', '(s)', (name,))[0], 30, 'mutter to own ' + name)
log('mutter D-Bus names present')

state = call(DC, '/org/gnome/Mutter/DisplayConfig', DC, 'GetCurrentState')
monitors = state[1]
if not monitors:
    fail('DisplayConfig reports no monitor')
connector = monitors[0][0][0]
log('monitor connector', connector, 'monitors', len(monitors))

(rd_path,) = call(RD, '/org/gnome/Mutter/RemoteDesktop', RD, 'CreateSession')
session_id = call(RD, rd_path, 'org.freedesktop.DBus.Properties', 'Get', '(ss)', (RDS, 'SessionId'))[0]
(sc_path,) = call(SC, '/org/gnome/Mutter/ScreenCast', SC, 'CreateSession', '(a{sv})',
                  ({'remote-desktop-session-id': GLib.Variant('s', session_id)},))
cursor_mode = int(os.environ.get('MUTTER_DRIVER_CURSOR_MODE', '0'))   # 0 hidden, 1 embedded, 2 metadata
(stream,) = call(SC, sc_path, SCS, 'RecordMonitor', '(sa{sv})',
                 (connector, {'cursor-mode': GLib.Variant('u', cursor_mode)}))
log('rd', rd_path, 'sc', sc_path, 'stream', stream)

node = {}
closed = {}


def on_signal(conn, sender, path, iface, signal, params):
    if signal == 'PipeWireStreamAdded' and path == stream:
        node['id'] = params.unpack()[0]
    elif signal == 'Closed' and path in (rd_path, sc_path):
        closed['path'] = path


bus.signal_subscribe(None, None, None, None, None, Gio.DBusSignalFlags.NONE, on_signal)
call(RD, rd_path, RDS, 'Start')            # starts the linked ScreenCast session too
wait_for(lambda: 'id' in node or closed, 10, 'PipeWireStreamAdded')
if closed:
    fail('mutter closed the session %s right after Start (is pipewire running?)' % closed['path'])
log('pipewire node', node['id'])


def rd(method, sig=None, args=()):
    if closed:
        raise RuntimeError('remote desktop session was closed by mutter')
    return call(RD, rd_path, RDS, method, sig, args)


# --- screenshots ------------------------------------------------------------------------------

def screenshot(path):
    """A fresh frame: each capture connects a new consumer; mutter renders the stage into the
    stream when it starts streaming, so the first buffer shows the screen as it is now."""
    tmp = path + '.part'
    cmd = ['gst-launch-1.0', '-q', 'pipewiresrc', 'path=%d' % node['id'], 'always-copy=true',
           'num-buffers=1', '!', 'videoconvert', '!', 'pngenc', 'snapshot=true', 'compression-level=1', '!',
           'filesink', 'location=' + tmp]
    # A consumer now and then gets no buffer at all (caps not negotiated, or the stream started between two
    # stage repaints): pipewiresrc then waits 30 s. A new consumer gets a fresh frame, so try again.
    for attempt in range(3):
        try:
            r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=15)
            break
        except subprocess.TimeoutExpired:
            log('gst-launch got no buffer in 15 s (attempt %d of 3)' % (attempt + 1))
    else:
        raise RuntimeError('gst-launch timed out after 15 s, three times')
    if r.returncode != 0 or not os.path.exists(tmp) or os.path.getsize(tmp) == 0:
        raise RuntimeError('gst-launch rc=%d: %s' % (r.returncode, r.stdout.decode(errors='replace').strip()[-300:]))
    os.rename(tmp, path)     # complete file appears atomically


# --- warm-up: create every virtual device before any client connects --------------------------

W0 = time.monotonic()
rd('NotifyTouchDown', '(sudd)', (stream, 0, 10.0, 10.0))
rd('NotifyTouchUp', '(u)', (0,))
rd('NotifyKeyboardKeycode', '(ub)', (42, True))      # Shift
rd('NotifyKeyboardKeycode', '(ub)', (42, False))
rd('NotifyPointerMotionAbsolute', '(sdd)', (stream, 1.0, 1.0))
rd('NotifyPointerMotionAbsolute', '(sdd)', (stream, 0.0, 0.0))
probe_path = os.path.join(RUNTIME_DIR, DISPLAY_NAME)
wait_for(lambda: os.path.exists(probe_path), 30, 'wayland socket ' + probe_path)
probe = SeatProbe(probe_path)
wait_for(lambda: (probe.poll(), probe.caps == 7)[1], 15,
         'seat capabilities pointer+keyboard+touch (last seen %s)' % probe.caps)
probe.close()
log('seat has pointer+keyboard+touch after %.3f s' % (time.monotonic() - W0))

try:
    t = time.monotonic()
    screenshot(os.path.join(RUNTIME_DIR, 'warmup.png'))
    log('warm-up screenshot took %.3f s' % (time.monotonic() - t))
except Exception as e:  # noqa: BLE001
    fail('warm-up screenshot failed: %s' % e)


# --- command loop -----------------------------------------------------------------------------

def num(s):
    return float(s)


def execute(line):
    w = line.split()
    if not w:
        return
    c = w[0]
    if c == 'motion' and len(w) == 3:
        rd('NotifyPointerMotionAbsolute', '(sdd)', (stream, num(w[1]), num(w[2])))
    elif c == 'button' and len(w) == 3 and w[2] in ('0', '1'):
        rd('NotifyPointerButton', '(ib)', (int(w[1]), w[2] == '1'))
    elif c == 'axis' and len(w) == 3:
        rd('NotifyPointerAxis', '(ddu)', (num(w[1]), num(w[2]), AXIS_FLAG_FINISH))
    elif c == 'wheel' and len(w) == 3:
        sx, sy = int(w[1]), int(w[2])
        if sx:
            rd('NotifyPointerAxisDiscrete', '(ui)', (1, sx))
        if sy:
            rd('NotifyPointerAxisDiscrete', '(ui)', (0, sy))
    elif c == 'key' and len(w) == 3 and w[2] in ('0', '1'):
        rd('NotifyKeyboardKeycode', '(ub)', (int(w[1]), w[2] == '1'))
    elif c == 'touch' and len(w) == 5 and w[1] == 'down':
        rd('NotifyTouchDown', '(sudd)', (stream, int(w[2]), num(w[3]), num(w[4])))
    elif c == 'touch' and len(w) == 5 and w[1] == 'motion':
        rd('NotifyTouchMotion', '(sudd)', (stream, int(w[2]), num(w[3]), num(w[4])))
    elif c == 'touch' and len(w) == 3 and w[1] == 'up':
        rd('NotifyTouchUp', '(u)', (int(w[2]),))
    elif c == 'screenshot' and len(w) >= 2:
        screenshot(line.split(None, 1)[1])
    elif c == 'sync' and len(w) == 1:
        pass
    else:
        raise ValueError('unknown command or wrong arguments')


acks = open(ACKS, 'a', buffering=1)


def ack(text):
    acks.write(text + '\n')
    acks.flush()


try:
    os.mkfifo(FIFO, 0o600)
except FileExistsError:
    pass
# O_RDWR: we are a writer ourselves, so the FIFO never reports EOF when test writers come and go.
fifo_fd = os.open(FIFO, os.O_RDWR | os.O_NONBLOCK)
pending = b''


def on_fifo(fd, cond):
    global pending
    try:
        data = os.read(fd, 65536)
    except BlockingIOError:
        return True
    pending += data
    while b'\n' in pending:
        raw, pending = pending.split(b'\n', 1)
        line = raw.decode(errors='replace').strip()
        if not line:
            continue
        t = time.monotonic()
        try:
            execute(line)
            ack('ok ' + line)
            log('ok %s (%.1f ms)' % (line, (time.monotonic() - t) * 1000))
        except Exception as e:  # noqa: BLE001
            reason = str(e).replace('\n', ' ')
            ack('error %s: %s' % (line, reason))
            log('error %s: %s' % (line, reason))
    if closed:
        log('session closed by mutter; exiting')
        loop.quit()
        return False
    return True


loop = GLib.MainLoop()
GLib.io_add_watch(fifo_fd, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN, on_fifo)


def on_closed_check():
    if closed:
        log('session %s closed by mutter; exiting' % closed['path'])
        loop.quit()
        return False
    return True


GLib.timeout_add(200, on_closed_check)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, loop.quit)   # SIGTERM
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 2, loop.quit)    # SIGINT

with open(os.path.join(RUNTIME_DIR, '.driver-ready'), 'w') as f:
    f.write('%d\n' % node['id'])
log('ready (warm-up took %.3f s)' % (time.monotonic() - W0))
loop.run()
try:
    call(RD, rd_path, RDS, 'Stop', timeout_ms=1000)
except Exception:  # noqa: BLE001
    pass
log('exit')
sys.exit(1 if closed else 0)
