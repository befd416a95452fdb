"""Regenerates docs/screenshots/{list,details,form,quick-add}.png (and the list in Chinese and Japanese, and Settings →
Connect a phone) from a fresh server with realistic sample data. Run through scripts/screenshots."""

from __future__ import annotations

import datetime
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pages_todo import ListPage  # noqa: E402
from built_executables import REPO  # noqa: E402
from todo_server import CHROMIUM, Api, TodoServer, find_todo_binary  # noqa: E402

OUT = REPO / "docs" / "screenshots"
VIEWPORT = {"width": 1280, "height": 800}


def seed(api: Api) -> None:
    today = datetime.date.today()

    def day(offset: int) -> str:
        return (today + datetime.timedelta(days=offset)).isoformat()

    # Oldest first: each new item goes to the top of To Do, each checked one to the top of Done.
    api.add("Book the dentist", completed=True, project="Health")
    api.add("Pay the electricity bill", completed=True, project="Home", dueDate=day(-2))
    api.add("Renew bike insurance", project="Home", dueDate=day(9), estimateMinutes=30)
    api.add("Call mom", repeatDays=["sun"], estimateMinutes=30, location={"name": "Home"})
    api.add("Prepare the sprint demo", project="Work", dueDate=day(1), estimateMinutes=120,
            details="Show the quick-add popup and the new list filters.\nInvite the design team.",
            location={"name": "Meeting room 3"})
    api.add("Buy oat milk", project="Home", dueDate=day(0), estimateMinutes=15, repeatDays=["mon", "thu"],
            details="Two litres, barista edition.\nAlso: bread and eggs if they have them.",
            location={"name": "Corner shop", "latitude": 52.5200, "longitude": 13.4050})
    api.add("Water the plants", project="Home", dueDate=day(0), repeatDays=["wed", "sat"], estimateMinutes=15,
            location={"name": "Balcony"})


# The same kind of list in Chinese and in Japanese (LANG-12): what people type in those languages.
SAMPLES = {
    "zh-Hans": [
        ("预约牙医", {"completed": True, "project": "健康"}),
        ("交电费", {"completed": True, "project": "家", "due": -2}),
        ("续保自行车保险", {"project": "家", "due": 9, "estimateMinutes": 30}),
        ("给妈妈打电话", {"repeatDays": ["sun"], "estimateMinutes": 30, "location": {"name": "家"}}),
        ("准备冲刺演示", {"project": "工作", "due": 1, "estimateMinutes": 120, "location": {"name": "3 号会议室"}}),
        ("买燕麦奶", {"project": "家", "due": 0, "estimateMinutes": 15, "repeatDays": ["mon", "thu"],
                    "location": {"name": "街角小店"}}),
        ("给植物浇水", {"project": "家", "due": 0, "repeatDays": ["wed", "sat"], "estimateMinutes": 15,
                     "location": {"name": "阳台"}}),
    ],
    "ja": [
        ("歯医者を予約する", {"completed": True, "project": "健康"}),
        ("電気代を払う", {"completed": True, "project": "家", "due": -2}),
        ("自転車保険を更新する", {"project": "家", "due": 9, "estimateMinutes": 30}),
        ("母に電話する", {"repeatDays": ["sun"], "estimateMinutes": 30, "location": {"name": "自宅"}}),
        ("スプリントのデモを準備する", {"project": "仕事", "due": 1, "estimateMinutes": 120,
                                   "location": {"name": "第3会議室"}}),
        ("オーツミルクを買う", {"project": "家", "due": 0, "estimateMinutes": 15, "repeatDays": ["mon", "thu"],
                          "location": {"name": "角の店"}}),
        ("植物に水をやる", {"project": "家", "due": 0, "repeatDays": ["wed", "sat"], "estimateMinutes": 15,
                       "location": {"name": "ベランダ"}}),
    ],
}
LOCALES = {"zh-Hans": "zh-CN", "ja": "ja-JP"}


def seed_language(api: Api, language: str) -> None:
    today = datetime.date.today()
    for title, fields in SAMPLES[language]:
        fields = dict(fields)
        if "due" in fields:
            fields["dueDate"] = (today + datetime.timedelta(days=fields.pop("due"))).isoformat()
        api.add(title, **fields)


def shoot_languages(browser) -> None:
    """docs/screenshots/list-zh-Hans.png and list-ja.png: the list as a browser asking for
    Chinese or Japanese sees it."""
    for language, locale in LOCALES.items():
        with tempfile.TemporaryDirectory() as tmp:
            server = TodoServer(find_todo_binary(), Path(tmp) / "todo.sqlite", Path(tmp) / "server.log").start()
            try:
                seed_language(Api(server), language)
                context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1, color_scheme="light",
                                              locale=locale)
                page = context.new_page()
                ListPage(page, server).open()
                page.mouse.move(0, 0)
                page.screenshot(path=str(OUT / f"list-{language}.png"))
                context.close()
            finally:
                server.stop()


def shoot_phone_setup(browser) -> None:
    """Settings → Connect a phone on a phone-sized window, as `todo serve --lan` serves it."""
    with tempfile.TemporaryDirectory() as tmp:
        server = TodoServer(find_todo_binary(), Path(tmp) / "todo.sqlite", Path(tmp) / "server.log", mode="accounts",
                            extra=["--lan"])
        server.add_person("alice")
        server.start()
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme="light")
            server.sign_in(context)
            page = context.new_page()
            page.goto(server("/settings"))
            panel = page.get_by_test_id("phone-section")
            panel.get_by_text("iPhone and iPad (Reminders)", exact=True).click()
            # The panel where it is on the whole page: the sticky header stays at the top, not over it.
            page.evaluate("window.scrollTo(0, 0)")
            box = panel.bounding_box()
            assert box is not None
            page.screenshot(path=str(OUT / "connect-a-phone.png"), full_page=True,
                            clip={"x": 0, "y": box["y"] - 8, "width": 390, "height": box["height"] + 16})
            context.close()
        finally:
            server.stop()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = TodoServer(find_todo_binary(), Path(tmp) / "todo.sqlite", Path(tmp) / "server.log").start()
        try:
            seed(Api(server))
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1, color_scheme="light")
            page = context.new_page()

            lst = ListPage(page, server).open()
            page.mouse.move(0, 0)
            page.screenshot(path=str(OUT / "list.png"))

            lst.open_item("Buy oat milk")
            page.screenshot(path=str(OUT / "details.png"))

            lst.open()
            form = lst.press_add()
            form.fill("Pick up the parcel", details="At the post office on Main Street.\nBring the ID card.",
                      location="Post office", project="Errands", estimate="30m", repeat=[])
            form.due_input.fill((datetime.date.today() + datetime.timedelta(days=1)).isoformat())
            form.title_input.focus()
            page.screenshot(path=str(OUT / "form.png"), full_page=True)  # the whole form, Save included

            lst.open("/projects/Home")
            dialog = lst.open_quick_add()
            dialog.wait_all_loaded()
            dialog.type_text("Fix the leaking tap\nThe one in the kitchen; washers are in the drawer.")
            dialog.option("estimate", "60").check()
            dialog.option("repeatDays", "sat").check()
            dialog.text.focus()
            expect(dialog.root).to_be_visible()
            page.screenshot(path=str(OUT / "quick-add.png"))

            # The same list on a phone, in light and in dark mode.
            for scheme in ("light", "dark"):
                phone = browser.new_context(
                    viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme=scheme, has_touch=True)
                phone_page = phone.new_page()
                ListPage(phone_page, server).open()
                phone_page.screenshot(path=str(OUT / f"list-phone-{scheme}.png"))
                phone.close()
            shoot_languages(browser)
            shoot_phone_setup(browser)
            browser.close()
        finally:
            server.stop()
    for name in ("list", "details", "form", "quick-add", "list-phone-light", "list-phone-dark", "list-zh-Hans", "list-ja",
                 "connect-a-phone"):
        print(OUT / f"{name}.png")


if __name__ == "__main__":
    main()
