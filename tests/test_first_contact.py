"""A fresh machine and a maintainer's first contact (issue 8): tools/setup.sh installs what is
missing or says what to install, and never falls back to another Python; a browser that cannot
work (Ubuntu's snap wrapper) is named as such; tools/test.sh stops once, with the build's own
error first, when the site does not build; the documents say how to preview, how to test, and
what each file in tools/ is."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest

import browsing
from helpers import DEFAULT_LANGUAGE, ROOT

TOOLS = ROOT / "tools"


# -- tools/setup.sh on a machine that lacks things ---------------------------------------------


def fake_machine(tmp_path: Path, commands: dict[str, str]) -> tuple[Path, dict[str, str]]:
    """A copy of tools/setup.sh in an empty project, and a PATH holding only `commands` (name ->
    shell script body) and the few real tools the script needs before it reaches Python."""
    project = tmp_path / "project"
    (project / "tools").mkdir(parents=True)
    shutil.copy(TOOLS / "setup.sh", project / "tools" / "setup.sh")
    (project / "requirements.txt").write_text("", encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "id", "rm", "grep", "cat", "mkdir", "touch", "chmod"):
        os.symlink(shutil.which(tool), bin_dir / tool)
    for name, body in commands.items():
        path = bin_dir / name
        path.write_text(f"#!{shutil.which('bash')}\n{body}\n", encoding="utf-8")
        path.chmod(0o755)
    return project, {"PATH": str(bin_dir), "HOME": str(tmp_path)}


def run_setup(project: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([shutil.which("bash"), str(project / "tools" / "setup.sh")], cwd=project, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)


def test_setup_stops_without_python_3_11_and_never_takes_another(tmp_path):
    marker = tmp_path / "python3-was-used"
    project, env = fake_machine(tmp_path, {"python3": f"touch {marker}; exit 0"})
    result = run_setup(project, env)
    assert result.returncode == 1
    assert "python3.11 not found" in result.stderr and "apt-get install python3.11 python3.11-venv" in result.stderr
    assert not marker.exists() and not (project / ".venv").exists()


def test_setup_stops_on_another_python_version(tmp_path):
    project, env = fake_machine(tmp_path, {"python3.11": 'echo 3.9'})
    result = run_setup(project, env)
    assert result.returncode == 1 and "is Python 3.9" in result.stderr


# A python3.11 that can make a virtualenv only once python3.11-venv is "installed" (a flag file),
# as on Debian and Ubuntu; the virtualenv's python accepts pip's arguments and does nothing.
FAKE_PYTHON = """
case "$*" in
  -c*) echo 3.11 ;;
  "-m venv .venv")
    [ -e "$HOME/venv-package" ] || { echo "ensurepip is not available" >&2; exit 1; }
    mkdir -p .venv/bin
    printf '#!%s\\nexit 0\\n' "$(command -v bash)" > .venv/bin/python
    chmod +x .venv/bin/python ;;
  *) exit 2 ;;
esac"""


def test_setup_says_to_install_the_venv_package_when_it_cannot_install_it(tmp_path):
    project, env = fake_machine(tmp_path, {"python3.11": FAKE_PYTHON})
    result = run_setup(project, env)
    assert result.returncode == 1
    assert "cannot make a virtualenv: install python3.11-venv" in result.stderr
    assert not (project / ".venv").exists()


def test_setup_installs_the_venv_package_with_apt_get(tmp_path):
    calls = tmp_path / "apt-get-calls"
    project, env = fake_machine(tmp_path, {
        "python3.11": FAKE_PYTHON,
        "apt-get": f'echo "$*" >> {calls}; case "$*" in *python3.11-venv*) touch "$HOME/venv-package" ;; esac',
        "sudo": 'exec "$@"',
    })
    result = run_setup(project, env)
    assert result.returncode == 0, result.stderr
    assert "install -y -qq python3.11-venv" in calls.read_text(encoding="utf-8")
    assert (project / ".venv" / "bin" / "python").is_file()


def test_a_snap_wrapper_is_named_not_driven(tmp_path, monkeypatch):
    """Ubuntu's chromium package installs a script that runs the snap."""
    stub = tmp_path / "chromium"
    stub.write_text('#!/bin/sh\nexec /snap/bin/chromium "$@"\n', encoding="utf-8")
    stub.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROMIUM", raising=False)
    assert browsing.is_snap_stub(str(stub))
    with pytest.raises(RuntimeError) as raised:
        browsing.find_chromium()
    message = str(raised.value)
    assert f"{stub} is Ubuntu's snap wrapper" in message and "apt-get install chromium" in message
    assert "CHROMIUM=/path/to/chrome" in message


def test_chromium_can_be_named(tmp_path, monkeypatch):
    browser = tmp_path / "my-chrome"
    browser.write_text("#!/bin/sh\n", encoding="utf-8")
    browser.chmod(0o755)
    monkeypatch.setenv("CHROMIUM", str(browser))
    assert browsing.find_chromium() == str(browser)


# -- tools/test.sh when the site does not build ------------------------------------------------


def broken_project(tmp_path: Path) -> Path:
    """A copy of the project whose course plan names a section file that does not exist (deleted)."""
    project = tmp_path / "project"
    for name in ("docs", "overrides", "quizzes", "tests", "tools"):
        shutil.copytree(ROOT / name, project / name,
                        ignore=shutil.ignore_patterns("__pycache__", "node_modules", ".cache"))
    for name in ("mkdocs.yml", "pytest.ini", "requirements.txt", "requirements-test.txt"):
        shutil.copy(ROOT / name, project / name)
    os.symlink((ROOT / ".venv").resolve(), project / ".venv")
    for notebook in (project / "docs" / "01_basic_overview").glob("01.02_autofuse_introduction*.ipynb"):
        notebook.unlink()
    return project


BROKEN = ("docs/course.yml: chapters, 01_basic_overview, section 01.02_autofuse_introduction.ipynb names "
          "01_basic_overview/01.02_autofuse_introduction.ipynb, but docs/01_basic_overview/01.02_autofuse_introduction.ipynb "
          "does not exist")


def run_tests(project: Path, tmp_path: Path, *arguments: str) -> tuple[int, str]:
    result = subprocess.run(["tools/test.sh", "-q", *arguments], cwd=project, capture_output=True, text=True,
                            encoding="utf-8", timeout=900, env=dict(os.environ, NOTEBOOK_CACHE_DIR=str(tmp_path / "c")))
    return result.returncode, result.stdout + result.stderr


def test_a_site_that_does_not_build_stops_the_test_run_once_with_its_error(tmp_path):
    returncode, output = run_tests(broken_project(tmp_path), tmp_path)
    error = BROKEN
    assert returncode != 0
    assert output.count(error) == 1, output[-3000:]
    lines = output.splitlines()
    first_problem = next(number for number, line in enumerate(lines) if re.search(r"error|fail|exit", line, re.I))
    assert "mkdocs build failed" in lines[first_problem] and error in lines[first_problem + 1], output[-3000:]
    assert "Traceback" not in output and " passed" not in output and len(output.splitlines()) < 80, output[-3000:]


def test_a_module_fixture_that_builds_a_site_stops_the_run_once_too(tmp_path):
    """Any fixture, not only conftest's: here a module's own, needed by three tests."""
    project = broken_project(tmp_path)
    (project / "tests" / "test_zz_own_site.py").write_text(
        "import pytest\nfrom helpers import ROOT, build_site\n\n"
        "@pytest.fixture(scope='module')\ndef own_site(tmp_path_factory):\n"
        "    return build_site(ROOT / 'mkdocs.yml', tmp_path_factory.mktemp('own'))\n\n"
        + "".join(f"def test_{n}(own_site):\n    pass\n\n" for n in range(3)), encoding="utf-8")
    returncode, output = run_tests(project, tmp_path, "tests/test_zz_own_site.py")
    assert returncode != 0
    assert output.count(BROKEN) == 1 and " error" not in output, output[-3000:]


# -- what the documents say --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_every_tool_is_described_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tools = sorted(p.name for p in TOOLS.iterdir() if p.is_file())
    assert [name for name in tools if f"`{name}`" not in readme] == []


@pytest.mark.parametrize("document", ["README.md", "AUTHORING.md"])
def test_the_documents_say_how_to_preview_and_test(document):
    text = (ROOT / document).read_text(encoding="utf-8")
    for needed in ("tools/serve.sh", "tools/test.sh", "DEV_ADDR", "http://127.0.0.1:8000/",
                   "http://127.0.0.1:8000/autofuse-course/"):
        assert needed in text, f"{document} does not mention {needed}"


def test_serve_sh_serves_where_the_documents_say(tmp_path, warm_caches):
    """tools/serve.sh, with DEV_ADDR on a free port: the home page at the root of that address."""
    warm_caches(tmp_path / "cache")
    port = free_port()
    env = dict(os.environ, DEV_ADDR=f"127.0.0.1:{port}", NOTEBOOK_CACHE_DIR=str(tmp_path / "cache"))
    process = subprocess.Popen([str(TOOLS / "serve.sh"), "--no-livereload"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                               start_new_session=True)
    try:
        lines = []
        for line in process.stdout:
            lines.append(line)
            if "Serving on" in line:
                break
        served = re.search(r"Serving on (\S+)", "".join(lines))
        assert served, "".join(lines[-30:])
        assert served[1] == f"http://127.0.0.1:{port}/"
        home = urllib.request.urlopen(served[1]).read().decode("utf-8")
        assert f"lang={DEFAULT_LANGUAGE}" in home and "<title>" in home
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
