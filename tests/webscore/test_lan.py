"""The address `make run` prints for phones, its terminal QR code, and the launcher's command."""

from __future__ import annotations

import doctest
import socket
from pathlib import Path

import pytest

from pnp.render import options as kit_options
from webscore import lan, serve
from webscore.lan import Address, banner, phone_url, terminal_qr


def test_doctests() -> None:
    for module in (lan, kit_options):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_wildcard_host_prints_the_lan_address_not_a_bridge_or_loopback() -> None:
    found = [Address("127.0.0.1", "lo"), Address("172.17.0.1", "docker0"),
             Address("169.254.3.4", "eth1"), Address("192.168.1.20", "wlan0"),
             Address("100.64.0.7", "tailscale0")]
    ranked = sorted(found, key=lambda a: a.rank)
    assert phone_url("0.0.0.0", 5000, ranked).url == "http://192.168.1.20:5000"
    assert phone_url("::", 8080, ranked).url == "http://192.168.1.20:8080"


def test_explicit_host_is_used_as_given_and_loopback_warns() -> None:
    assert phone_url("10.1.2.3", 5000, []).url == "http://10.1.2.3:5000"
    assert phone_url("10.1.2.3", 5000, []).warning is None
    local = phone_url("127.0.0.1", 5000, [])
    assert local.url == "http://127.0.0.1:5000" and "phones cannot reach" in (local.warning or "")
    assert phone_url("::1", 80, []).url == "http://[::1]"


def test_no_network_falls_back_to_localhost_with_a_warning() -> None:
    only_loopback = phone_url("0.0.0.0", 5000, [Address("127.0.0.1", "lo")])
    assert only_loopback.url == "http://localhost:5000"
    assert "Wi-Fi" in (only_loopback.warning or "")


def test_public_url_wins() -> None:
    assert phone_url("0.0.0.0", 5000, [], "https://tracker.example/").url == \
        "https://tracker.example"


def test_machine_addresses_are_real_ipv4_addresses_of_this_machine() -> None:
    found = lan.machine_addresses()
    assert found, "every machine has at least loopback"
    for a in found:
        socket.inet_aton(a.ip)
    # The likeliest comes first.
    assert [a.rank for a in found] == sorted(a.rank for a in found)


def test_machine_addresses_send_no_packet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding the address never connects or sends: a socket that tried would fail here."""
    real = socket.socket

    class NoTraffic(real):  # type: ignore[misc,valid-type]
        def connect(self, *a: object) -> None:
            raise AssertionError("connect() called")

        def sendto(self, *a: object) -> int:
            raise AssertionError("sendto() called")

    monkeypatch.setattr(socket, "socket", NoTraffic)
    monkeypatch.setattr(socket, "create_connection",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("connection")))
    assert lan.machine_addresses()


def test_parsers_read_ip_and_ifconfig_output() -> None:
    ip = ("1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever\n"
          "3: wlp2s0    inet 192.168.0.12/24 brd 192.168.0.255 scope global dynamic wlp2s0\n")
    assert lan.parse_ip_addr(ip) == [Address("127.0.0.1", "lo"),
                                     Address("192.168.0.12", "wlp2s0")]
    ifc = ("lo0: flags=8049<UP,LOOPBACK> mtu 16384\n\tinet 127.0.0.1 netmask 0xff000000\n"
           "en0: flags=8863<UP> mtu 1500\n\tinet6 fe80::1%en0 prefixlen 64\n"
           "\tinet 192.168.1.7 netmask 0xffffff00 broadcast 192.168.1.255\n")
    assert lan.parse_ifconfig(ifc) == [Address("127.0.0.1", "lo0"),
                                       Address("192.168.1.7", "en0")]


def _qr_image(text: str) -> object:
    """The block-character QR drawn back into pixels: a light cell for each full or half
    block, as a terminal with light text on a dark background shows it."""
    from PIL import Image

    rows = text.rstrip("\n").split("\n")
    width = max(len(r) for r in rows)
    img = Image.new("L", (width * 8, len(rows) * 2 * 8), 0)
    top = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), "\xa0": (0, 0), " ": (0, 0)}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row.ljust(width)):
            upper, lower = top[ch]
            for half, on in ((0, upper), (1, lower)):
                if on:
                    img.paste(255, (x * 8, (2 * y + half) * 8, x * 8 + 8, (2 * y + half) * 8 + 8))
    return img


def test_terminal_qr_decodes_to_the_address() -> None:
    zxingcpp = pytest.importorskip("zxingcpp")
    url = "http://192.168.1.20:5000"
    text = terminal_qr(url)
    assert set(text) <= set("█▀▄\xa0\n")
    decoded = [r.text for r in zxingcpp.read_barcodes(_qr_image(text))]
    assert decoded == [url]


def test_banner_shows_address_qr_and_other_addresses() -> None:
    addr = phone_url("0.0.0.0", 5000, [Address("192.168.1.20", "wlan0")])
    text = banner(addr, [Address("192.168.1.20", "wlan0"), Address("10.8.0.2", "tun0"),
                         Address("127.0.0.1", "lo")])
    assert "Phones at the table open:  http://192.168.1.20:5000" in text
    assert terminal_qr(addr.url) in text
    assert "10.8.0.2 (tun0)" in text and "127.0.0.1" not in text


def test_gunicorn_command_uses_threaded_workers() -> None:
    argv = serve.gunicorn_argv("0.0.0.0", 5000)
    assert argv[0] == "gunicorn" and argv[-1] == "webscore:create_app()"
    assert argv[argv.index("--worker-class") + 1] == "gthread"
    assert argv[argv.index("--bind") + 1] == "0.0.0.0:5000"
    assert serve.gunicorn_argv("::", 80)[argv.index("--bind") + 1] == "[::]:80"


def test_print_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.main(["--host", "10.0.0.9", "--port", "8000", "--print-url"]) == 0
    assert capsys.readouterr().out == "http://10.0.0.9:8000\n"
    assert serve.main(["--url", "https://t.example/", "--print-url"]) == 0
    assert capsys.readouterr().out == "https://t.example\n"


def test_make_run_kit_prints_through_the_library_not_the_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`make run --kit` prints the kit with pnp.render.kits.print_kit (as `pnp kit` does), its
    QR codes opening the phones' address; a bad kit is one line, never a traceback."""
    monkeypatch.chdir(tmp_path)
    assert serve.print_kit_for("galaxy-express", 3, "a4", "http://10.0.0.9:8000")
    out, err = capsys.readouterr()
    assert out == "output/galaxy-express-seed3-a4.pdf\n" and err == ""
    assert (tmp_path / "output" / "galaxy-express-seed3-a4.pdf").stat().st_size > 10_000
    assert not serve.print_kit_for("no-such-game", 3, "a4", "http://10.0.0.9:8000")
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("pnp: ")
    assert "no-such-game" in err
    with pytest.raises(SystemExit) as stop:
        serve.main(["--kit", "galaxy-express", "--seed", "-4", "--print-url"])
    assert stop.value.code == 2 and "seed must be between 0" in capsys.readouterr().err
