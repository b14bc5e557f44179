"""The address phones at the table should open, found without sending a packet.

``make run`` serves on every interface (0.0.0.0); a phone cannot use that, nor ``localhost``
(its own).  We read the machine's interface addresses (Linux: the SIOCGIFADDR ioctl on each
interface; elsewhere `ip`/`ifconfig` output, then the host name's addresses) and pick the one
a phone on the same Wi-Fi most likely reaches: a private LAN address on a real interface
before a container bridge or a VPN.  Nothing here opens a connection or resolves a name
through the network.
"""

from __future__ import annotations

import io
import ipaddress
import re
import shutil
import socket
import struct
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import qrcode

from pnp.render.options import points_at_localhost

WILDCARDS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})
# Interfaces a phone on the Wi-Fi cannot reach: container bridges, virtual pairs, tunnels.
VIRTUAL = re.compile(r"^(docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|kube|lxc|lxd|"
                     r"podman|tun|tap|wg|utun|zt|tailscale)")
SIOCGIFADDR = 0x8915


@dataclass(frozen=True, order=True)
class Address:
    """One IPv4 address of this machine, and the interface it is on ("" when unknown)."""

    ip: str
    interface: str = ""

    @property
    def rank(self) -> int:
        """Lower is likelier to be what a phone on the same network reaches."""
        addr = ipaddress.IPv4Address(self.ip)
        if addr.is_loopback or addr.is_unspecified:
            return 9
        if addr.is_link_local:
            return 7
        virtual = bool(VIRTUAL.match(self.interface))
        lan = any(addr in ipaddress.IPv4Network(n)
                  for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
        if lan and not virtual:
            return 0
        if not virtual:
            return 2 if addr.is_private else 3  # shared/test ranges, then public addresses
        return 5


def _ioctl_addresses() -> list[Address]:
    """Linux: ask the kernel for each interface's IPv4 address (a local ioctl, no traffic)."""
    try:
        import fcntl
    except ImportError:  # not POSIX
        return []
    found: list[Address] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            try:
                raw = fcntl.ioctl(sock.fileno(), SIOCGIFADDR,
                                  struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address on it, or not Linux
                continue
            found.append(Address(socket.inet_ntoa(raw[20:24]), name))
    return found


_IP_LINE = re.compile(r"^\d+:\s+(\S+)\s+inet\s+(\d+\.\d+\.\d+\.\d+)/")
_IFCONFIG_IFACE = re.compile(r"^(\S+?):? ")
_IFCONFIG_INET = re.compile(r"\binet (?:addr:)?(\d+\.\d+\.\d+\.\d+)")


def parse_ip_addr(text: str) -> list[Address]:
    """Addresses from `ip -4 -o addr show` output.

    >>> parse_ip_addr("2: wlan0    inet 192.168.1.20/24 brd 192.168.1.255 scope global wlan0")
    [Address(ip='192.168.1.20', interface='wlan0')]
    """
    out = []
    for line in text.splitlines():
        m = _IP_LINE.match(line.strip())
        if m:
            out.append(Address(m.group(2), m.group(1)))
    return out


def parse_ifconfig(text: str) -> list[Address]:
    """Addresses from `ifconfig` output (macOS and the BSDs).

    >>> parse_ifconfig("en0: flags=8863<UP> mtu 1500\\n\\tinet 10.0.0.5 netmask 0xffffff00")
    [Address(ip='10.0.0.5', interface='en0')]
    """
    out, iface = [], ""
    for line in text.splitlines():
        if line and not line[0].isspace():
            m = _IFCONFIG_IFACE.match(line)
            iface = m.group(1) if m else ""
        m = _IFCONFIG_INET.search(line)
        if m:
            out.append(Address(m.group(1), iface))
    return out


def _command_addresses() -> list[Address]:
    for argv, parse in ((["ip", "-4", "-o", "addr", "show"], parse_ip_addr),
                        (["ifconfig"], parse_ifconfig)):
        if shutil.which(argv[0]) is None:
            continue
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=5, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        found = parse(done.stdout)
        if found:
            return found
    return []


def _hostname_addresses() -> list[Address]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [Address(str(info[4][0])) for info in infos]


def machine_addresses() -> list[Address]:
    """This machine's IPv4 addresses, likeliest for a phone first (no network traffic)."""
    found = _ioctl_addresses() or _command_addresses()
    found += _hostname_addresses()
    return sorted(set(_valid(found)), key=lambda a: (a.rank, a.interface == "", a))


def _valid(found: Iterable[Address]) -> Iterable[Address]:
    for a in found:
        try:
            ipaddress.IPv4Address(a.ip)
        except ValueError:
            continue
        yield a


@dataclass(frozen=True)
class PhoneAddress:
    """The URL to print for phones, and a warning when it cannot work from a phone."""

    url: str
    warning: str | None = None


def phone_url(host: str, port: int, addresses: Sequence[Address] | None = None,
              public_url: str | None = None) -> PhoneAddress:
    """The address phones should open for a server bound to ``host:port``.

    >>> phone_url("0.0.0.0", 5000, [Address("192.168.1.20", "wlan0")]).url
    'http://192.168.1.20:5000'
    >>> phone_url("127.0.0.1", 8000, []).warning is not None
    True
    """
    if public_url:
        return PhoneAddress(public_url.rstrip("/"))
    suffix = "" if port == 80 else f":{port}"
    if host not in WILDCARDS:
        shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
        warning = None
        if points_at_localhost(f"http://{shown}"):
            warning = (f"serving on {host} only: phones cannot reach it; use "
                       "HOST=0.0.0.0 (make run's default) to let phones on this network in")
        return PhoneAddress(f"http://{shown}{suffix}", warning)
    if addresses is None:
        addresses = machine_addresses()
    usable = [a for a in addresses if a.rank < 9]
    if not usable:
        return PhoneAddress(f"http://localhost{suffix}",
                            "this machine has no network address phones could use; connect "
                            "it to the same Wi-Fi as the phones")
    return PhoneAddress(f"http://{usable[0].ip}{suffix}")


def terminal_qr(data: str) -> str:
    """A QR code drawn with block characters, dark modules on a light quiet zone (scans
    from a terminal with light text on a dark background, the usual one)."""
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(data)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, tty=False, invert=True)
    return out.getvalue()


def banner(address: PhoneAddress, others: Sequence[Address] = ()) -> str:
    """What `make run` prints before serving."""
    lines = ["", f"Phones at the table open:  {address.url}", "", terminal_qr(address.url)]
    extra = [a for a in others if a.rank < 9 and a.ip not in address.url]
    if extra:
        lines.append("Other addresses of this machine: "
                     + ", ".join(f"{a.ip} ({a.interface or 'host name'})" for a in extra))
    if address.warning:
        lines.append(f"warning: {address.warning}")
    lines.append("A phone that cannot open it: same Wi-Fi? firewall? (docs/tracker.md)")
    return "\n".join(lines) + "\n"

