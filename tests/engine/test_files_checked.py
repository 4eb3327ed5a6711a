"""Files a user can touch are read only when they are regular files of bounded size:
a named pipe, a device, a folder or a link to nothing or to itself is refused with
its path and the reason, never waited on, read without end or met with a traceback."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop import resources
from tabletop.engine import files
from tabletop.engine.data import DataError
from tabletop.engine.files import DATA_LIMIT, SAVE_LIMIT, FileRefused, read_bytes_checked
from tabletop.engine.saves import SaveError, load_match, save_info
from tabletop.engine.yaml_reading import load_yaml
from tabletop.settings import Settings

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and links as on Linux and macOS")


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def link(path: Path, target: str | Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return path


# what is put at a path, and what the reason says
ODD_FILES = [
    ("named pipe", lambda path: fifo(path), "This is a named pipe, not a regular file."),
    ("link to /dev/zero", lambda path: link(path, "/dev/zero"), "This is a device, not a regular file."),
    ("link to itself", lambda path: link(path, path.name), "This is a link that leads back to itself, not to a file."),
    ("link to nothing", lambda path: link(path, "gone.json"), "This is a link to a file that does not exist."),
    ("folder", lambda path: path.mkdir(parents=True), "This is a folder, not a file."),
]
ODD_IDS = [name for name, _make, _said in ODD_FILES]


@pytest.mark.parametrize("make, said", [(make, said) for _n, make, said in ODD_FILES], ids=ODD_IDS)
def test_only_regular_files_are_read(tmp_path, make, said, within):
    path = tmp_path / "file.json"
    make(path)
    with within(5), pytest.raises(FileRefused) as refused:
        read_bytes_checked(path, DATA_LIMIT)
    assert refused.value.path == path
    assert refused.value.reason.render() == said
    assert str(refused.value) == f"{path}: {said}"


def test_a_regular_file_and_a_link_to_one_are_read(tmp_path):
    path = tmp_path / "file.json"
    path.write_bytes(b"{}")
    assert read_bytes_checked(path, DATA_LIMIT) == b"{}"
    assert read_bytes_checked(link(tmp_path / "link.json", path), DATA_LIMIT) == b"{}"


def test_a_file_larger_than_the_limit_is_refused_after_reading_one_byte_more(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (DATA_LIMIT + 1))
    read = []
    real_read = os.read
    monkeypatch.setattr(files.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(FileRefused, match="larger than 1 MB"):
        read_bytes_checked(path, DATA_LIMIT)
    assert sum(read) == DATA_LIMIT + 1
    path.write_bytes(b" " * DATA_LIMIT)
    assert len(read_bytes_checked(path, DATA_LIMIT)) == DATA_LIMIT
    assert (DATA_LIMIT, SAVE_LIMIT) == (1_000_000, 10_000_000)


def test_a_file_that_cannot_be_opened_says_why(tmp_path, monkeypatch):
    path = tmp_path / "file.json"
    path.write_bytes(b"{}")

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(files.os, "open", denied)
    with pytest.raises(FileRefused) as refused:
        read_bytes_checked(path, DATA_LIMIT)
    assert refused.value.reason.render() == "The file cannot be read (Permission denied)."


@pytest.mark.parametrize("make, said", [(make, said) for _n, make, said in ODD_FILES], ids=ODD_IDS)
def test_an_odd_file_as_a_save_is_refused_with_its_path(tmp_path, make, said, within):
    path = tmp_path / "game.json"
    make(path)
    with within(5):
        with pytest.raises(SaveError) as refused:
            load_match(path)
        assert refused.value.path == path and refused.value.message.render() == said
        assert save_info(path).error.message.render() == said


def test_a_save_larger_than_10_mb_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b" " * (SAVE_LIMIT + 1))
    with pytest.raises(SaveError, match="larger than 10 MB"):
        load_match(path)


@pytest.mark.parametrize("make, said", [(make, said) for _n, make, said in ODD_FILES], ids=ODD_IDS)
def test_an_odd_settings_file_gives_the_defaults_and_says_why(make, said, within):
    make(Settings.path())
    with within(5):
        settings, problem = Settings.load()
    assert settings == Settings()
    assert problem == f"{Settings.path()}: {said}"


def test_no_settings_file_is_no_problem():
    assert Settings.load() == (Settings(), None)


@pytest.mark.parametrize("make, said", [(make, said) for _n, make, said in ODD_FILES], ids=ODD_IDS)
def test_an_odd_data_file_is_a_problem_with_its_path(tmp_path, make, said, within):
    path = tmp_path / "rules.yaml"
    make(path)
    with within(5), pytest.raises(DataError) as refused:
        load_yaml(path)
    assert [str(problem) for problem in refused.value.problems] == [f"{path}:1: {said}"]


def test_a_data_file_larger_than_1_mb_is_refused(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("# " + "x" * DATA_LIMIT)
    with pytest.raises(DataError, match=r"rules.yaml:1: The file is larger than 1 MB"):
        load_yaml(path)


def run_tabletop(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    """The program as a user starts it, bounded: a hang fails the test."""
    env = dict(
        os.environ, TABLETOP_HOME=str(home), PYTHONPATH=str(Path(tabletop.__file__).parents[1]), SDL_VIDEODRIVER="dummy"
    )
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *argv], env=env, capture_output=True, text=True, timeout=60
    )


def test_validate_answers_with_a_named_pipe_as_settings_and_as_a_data_file(tmp_path):
    home = tmp_path / "home"
    fifo(home / "settings.json")
    folder = tmp_path / "mine" / "catan"
    shutil.copytree(resources.DATA / "catan", folder)
    (folder / "rules.yaml").unlink()
    fifo(folder / "rules.yaml")
    link(folder / "loop.yaml", "loop.yaml")
    link(folder / "zero.yaml", "/dev/zero")
    done = run_tabletop("validate", str(folder), home=home)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert f"{folder / 'rules.yaml'}:1: This is a named pipe, not a regular file." in lines
    assert f"{folder / 'loop.yaml'}:1: This is a link that leads back to itself, not to a file." in lines
    assert f"{folder / 'zero.yaml'}:1: This is a device, not a regular file." in lines


def test_a_named_pipe_given_to_validate_is_named(tmp_path):
    pipe = fifo(tmp_path / "rules.yaml")
    done = run_tabletop("validate", "--game", "catan", str(pipe), home=tmp_path / "home")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{pipe}:1: This is a named pipe, not a regular file." in done.stdout.splitlines()
