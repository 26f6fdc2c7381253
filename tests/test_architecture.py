"""The house's layout, held as figures (docs, « Layout »): the modules' imports read with
the standard library's ``ast``, never by importing them.

The apps stand in layers: the pure ``scoring``, ``seating`` and ``prizes`` at the bottom (no
Django), then ``common`` (what every app shares: no app, no table) < ``documents`` < ``clubs`` <
``tournaments`` < ``championships`` < ``notifications`` < ``entries`` < ``seasons`` <
``palmares``; a layer never imports one above it. A tournament asks its championship through
``tournaments.championship`` alone. The selectors of every app, and what stands above them, are
read from the folders. Last, every URL name (read from Django's resolver) is walked by a
permission test.
"""

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The project's own packages, lowest first where they are layered.
PURE = ("scoring", "seating", "prizes")
COMMON = "common"
APPS = (
    "documents",
    "clubs",
    "tournaments",
    "championships",
    "notifications",
    "entries",
    "seasons",
    "palmares",
)
LAYERS = (COMMON, *APPS)
PACKAGES = (*PURE, "tarot_club", *LAYERS)

# A selector reads: nothing above it (docs, « Layout »). Both lists are read from the
# folders, so that a new app's selectors, and a new forms module, are held too.
ABOVE_SELECTOR_PACKAGES = ("services", "views", "forms", "prints", "templatetags", "management")


def _selector_packages() -> tuple[str, ...]:
    return tuple(f"{app}.selectors" for app in APPS if (ROOT / app / "selectors").is_dir())


def _above_selectors() -> tuple[str, ...]:
    """Every layer's writes, pages, prints, template tags, commands and forms."""

    def above(child: Path) -> bool:
        if child.is_dir():
            return child.name in ABOVE_SELECTOR_PACKAGES
        return child.suffix == ".py" and child.stem.endswith("forms")

    return tuple(
        f"{layer}.{child.stem}"
        for layer in LAYERS
        for child in sorted((ROOT / layer).iterdir())
        if above(child)
    )


SELECTORS = _selector_packages()
ABOVE_SELECTORS = _above_selectors()

MAX_LINES = 500
MAX_MODEL_LINES = 800
# scoring/rules.py divides when the club rules arrive (issue 25); until then it is the one
# module allowed past the bound, at its size today.
WAITING_TO_DIVIDE: dict[str, int] = {}


def _modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name; migrations aside."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts:
                continue
            parts = list(relative.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


MODULES = _modules()


def _imported(name: str, path: Path, node: ast.AST) -> list[str]:
    """The dotted names an import statement of module ``name`` (at ``path``) reads."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    return [f"{base}.{alias.name}" if base else alias.name for alias in node.names] + [base]


def _project_module(dotted: str) -> str | None:
    """The project's module a dotted name falls in (``a.b.c`` is module ``a.b`` when ``c`` is
    a name in it), or None for an import from outside the project."""
    parts = dotted.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            return candidate
        parts.pop()
    return None


def _imports() -> dict[str, set[str]]:
    """Every module's imports: project modules by name, other libraries by their full name."""
    graph = {}
    for name, path in MODULES.items():
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names.update(dotted for dotted in _imported(name, path, node) if dotted)
        graph[name] = names
    return graph


IMPORTS = _imports()


def _project_graph() -> dict[str, set[str]]:
    return {
        name: {
            target for dotted in names if (target := _project_module(dotted)) not in (None, name)
        }
        for name, names in IMPORTS.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of imports (its modules in order, the first again at the end), or []."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        return error.args[1]
    return []


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_no_module_imports_itself_back_through_others():
    cycle = _cycle(_project_graph())

    assert cycle == [], "an import cycle: " + " → ".join(cycle)


def test_every_apps_selectors_and_forms_are_held():
    assert set(SELECTORS) >= {
        *("clubs.selectors", "tournaments.selectors", "championships.selectors"),
        "seasons.selectors",
    }
    assert {
        *("common.forms", "seasons.forms", "tournaments.forms", "championships.forms"),
        "clubs.member_forms",
    } <= set(ABOVE_SELECTORS)


def test_the_selectors_import_nothing_above_them():
    offenders = sorted(
        f"{name} imports {target}"
        for name, targets in _project_graph().items()
        if any(_within(name, selectors) for selectors in SELECTORS)
        for target in targets
        if any(_within(target, above) for above in ABOVE_SELECTORS)
    )

    assert offenders == [], "selectors reaching up: " + "; ".join(offenders)


# A view reads no rows itself: its reads of rows are selectors' (CONTRIBUTING, « Inside an
# app »), and a plain getter may stay. Held on the text of every ``<app>/views/*.py``:
# outside the arguments of a ``get_object_or_404`` (or ``get_list_or_404``), no ``.objects``
# manager and no call of a method only a query answers. The four names a dict or a list
# shares are told apart by how they are called: ``values`` with fields, ``get`` with keywords
# only, ``all`` and ``count`` with nothing (``dict.values()``, ``request.GET.get("q")``,
# ``names.count(x)`` pass).
GETTERS = {"get_object_or_404", "get_list_or_404"}
QUERY_METHODS = {
    *("filter", "exclude", "select_related", "prefetch_related", "annotate", "aggregate"),
    *("order_by", "values_list", "distinct", "exists", "first", "last", "earliest", "latest"),
    *("in_bulk", "only", "defer"),
}


def _query_method(call: ast.Call) -> str | None:
    """The queryset method ``call`` makes, if the way it is called says it is one."""
    if not isinstance(call.func, ast.Attribute):
        return None
    name = call.func.attr
    if (
        name in QUERY_METHODS
        or (name == "values" and (call.args or call.keywords))
        or (name == "get" and call.keywords and not call.args)
        or (name in ("all", "count") and not call.args and not call.keywords)
    ):
        return name
    return None


def _getter(call: ast.Call) -> bool:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name in GETTERS


def view_reads(source: str) -> list[str]:
    """The reads of rows a view module's ``source`` makes outside a getter, as « line: what »."""
    tree = ast.parse(source)
    in_getter = {
        id(node)
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and _getter(call)
        for argument in [*call.args, *(keyword.value for keyword in call.keywords)]
        for node in ast.walk(argument)
    }
    reads = []
    for node in ast.walk(tree):
        if id(node) in in_getter:
            continue
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            reads.append(f"{node.lineno}: .objects")
        elif isinstance(node, ast.Call) and (method := _query_method(node)):
            reads.append(f"{node.lineno}: .{method}()")
    return sorted(reads, key=lambda read: (int(read.split(":")[0]), read))


def test_a_view_reads_rows_only_through_a_selector_or_a_getter():
    offenders = [
        f"{path.relative_to(ROOT)}:{read}"
        for path in sorted(ROOT.glob("*/views/*.py"))
        for read in view_reads(path.read_text(encoding="utf-8"))
    ]

    assert offenders == [], "views reading rows (move them to selectors): " + "; ".join(offenders)


def test_the_view_rule_tells_a_query_from_a_getter_and_a_dict():
    source = """
table = get_object_or_404(Table.objects.select_related("position"), pk=1)
seats = Seat.objects.filter(table=table)
number = request.GET.get("numero", "")
shown = any(value for value in filters.values())
players = tournament.registrations.all()
member = club.members.get(player=player)
"""

    assert view_reads(source) == ["3: .filter()", "3: .objects", "6: .all()", "7: .get()"]


def test_the_pure_packages_import_no_django_and_no_app():
    offenders = sorted(
        f"{name} imports {dotted}"
        for name, names in IMPORTS.items()
        if any(_within(name, package) for package in PURE)
        for dotted in names
        if dotted.split(".")[0].startswith("django")
        or any(_within(dotted, app) for app in (*LAYERS, "tarot_club"))
    )

    assert offenders == [], "scoring/, seating/ and prizes/ must stay pure Python: " + "; ".join(
        offenders
    )


def test_common_imports_no_app():
    offenders = sorted(
        f"{name} imports {dotted}"
        for name, names in IMPORTS.items()
        if _within(name, COMMON)
        for dotted in names
        if any(_within(dotted, app) for app in (*APPS, "tarot_club"))
    )

    assert offenders == [], "common/ is below every app: " + "; ".join(offenders)


def test_a_lower_app_never_imports_a_higher_one():
    def layer(module: str) -> int | None:
        return next((rank for rank, app in enumerate(LAYERS) if _within(module, app)), None)

    offenders = sorted(
        f"{name} imports {target}"
        for name, targets in _project_graph().items()
        if layer(name) is not None
        for target in targets
        if layer(target) is not None and layer(target) > layer(name)
    )

    assert offenders == [], (
        "a layer importing one above it (common < documents < clubs < tournaments < championships"
        " < notifications < entries < seasons < palmares): " + ("; ".join(offenders))
    )


def test_the_static_files_name_no_app():
    """The stylesheets and scripts are below every app: the prints and pages name the rules they
    count on (``print.css``, ``.s-deal``), never the other way round."""
    named = re.compile(rf"\b({'|'.join((*LAYERS, *PURE))})[./][a-z_]+")
    offenders = sorted(
        f"{path.relative_to(ROOT)}: {found.group(0)}"
        for path in sorted((ROOT / "static").rglob("*"))
        if path.suffix in (".css", ".js") and "vendor" not in path.parts
        for found in named.finditer(path.read_text(encoding="utf-8"))
    )

    assert offenders == [], "static/ naming an app's module: " + "; ".join(offenders)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_over_500_lines_but_the_models():
    offenders = sorted(
        f"{path.relative_to(ROOT)} ({_lines(path)} lines)"
        for path in [*MODULES.values(), *sorted((ROOT / "bench").glob("*.py"))]
        if path.name != "models.py"
        and _lines(path) > WAITING_TO_DIVIDE.get(str(path.relative_to(ROOT)), MAX_LINES)
    )

    assert offenders == [], f"modules over {MAX_LINES} lines: " + "; ".join(offenders)


# The tournament holds at most this share of the project's own code (migrations, tests and
# benches aside): a new domain is an app of its own, never more rooms in tournaments/.
MAX_TOURNAMENTS_SHARE = 0.45


def test_the_tournament_holds_at_most_its_share_of_the_code():
    lines = {name: _lines(path) for name, path in MODULES.items()}
    tournaments = sum(count for name, count in lines.items() if _top(name) == "tournaments")

    assert tournaments / sum(lines.values()) <= MAX_TOURNAMENTS_SHARE


def test_the_models_stay_under_800_lines():
    offenders = sorted(
        f"{path.relative_to(ROOT)} ({_lines(path)} lines)"
        for path in MODULES.values()
        if path.name == "models.py" and _lines(path) >= MAX_MODEL_LINES
    )

    assert offenders == [], f"models over {MAX_MODEL_LINES} lines: " + "; ".join(offenders)


def _top(module: str) -> str:
    return module.split(".")[0]


def _private(attribute: str) -> bool:
    return attribute.startswith("_") and not attribute.startswith("__")


def _alias_target(name: str, path: Path, node: ast.AST, alias: ast.alias) -> str:
    """The dotted name one alias of an import statement of module ``name`` reads."""
    if isinstance(node, ast.Import):
        return alias.name
    single = ast.ImportFrom(module=node.module, names=[alias], level=node.level)
    return _imported(name, path, single)[0]


def _borrowed(name: str, path: Path) -> list[str]:
    """The private names (``_like_this``) module ``name`` reads from another package: imported
    by name, or read as an attribute of a module it imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases, found = {}, []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for alias in node.names:
            dotted = _alias_target(name, path, node, alias)
            target = _project_module(dotted)
            if target is None or _top(target) == _top(name):
                continue
            if _private(alias.name.split(".")[-1]):
                found.append(f"{name} imports {dotted}")
            if dotted in MODULES:
                aliases[alias.asname or alias.name] = dotted
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
        ):
            found.append(f"{name} reads {aliases[node.value.id]}.{node.attr}")
    return found


def test_no_app_borrows_another_apps_private_names():
    offenders = sorted(
        offender for name, path in MODULES.items() for offender in _borrowed(name, path)
    )

    assert offenders == [], "private names read across packages: " + "; ".join(offenders)


# Every URL is walked by a permission test (a module named test_*permissions*.py): who may
# open it, who is turned away. The paths those modules build (strings and f-strings, their
# names read from the assignments before them, every other value taken as 1) are resolved to
# their URL names.
PERMISSION_TESTS = sorted((ROOT / "tests").rglob("test_*permission*.py"))


def _url_names(patterns) -> set[str]:
    from django.urls import URLResolver

    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":  # Django's own, for the superuser alone
                names |= _url_names(pattern.url_patterns)
        elif pattern.name:
            names.add(pattern.name)
    return names


def _path_text(node: ast.AST, known: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    text = ""
    for value in node.values:
        if isinstance(value, ast.Constant):
            text += value.value
        elif isinstance(value.value, ast.Name) and value.value.id in known:
            text += known[value.value.id]
        else:
            text += "1"
    return text


def _assigned(scope: ast.AST, known: dict[str, str]) -> dict[str, str]:
    known = dict(known)
    body = scope.body if isinstance(scope, ast.Module) else ast.walk(scope)
    for node in body:
        if (
            isinstance(node, ast.Assign)
            and [type(target) for target in node.targets] == [ast.Name]
            and (text := _path_text(node.value, known)) is not None
        ):
            known[node.targets[0].id] = text
    return known


def _walked_paths(path: Path) -> set[str]:
    """The paths a permission test module walks, as far as its text says."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module_names = _assigned(tree, {})
    paths = set()
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]:
        known = module_names if scope is tree else _assigned(scope, module_names)
        for node in ast.walk(scope):
            if (text := _path_text(node, known)) is not None and text.startswith("/"):
                paths.add(text.split("?")[0])
    return paths


def test_every_url_name_is_walked_by_a_permission_test():
    from django.urls import Resolver404, get_resolver, resolve

    walked = set()
    for path in PERMISSION_TESTS:
        for url in _walked_paths(path):
            try:
                walked.add(resolve(url).url_name)
            except Resolver404:
                continue
    missing = sorted(_url_names(get_resolver().url_patterns) - walked)

    assert missing == [], "URL names no permission test walks: " + ", ".join(missing)
