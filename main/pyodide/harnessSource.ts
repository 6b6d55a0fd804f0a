/**
 * The Python side of a test run, loaded once per worker. It writes the workspace files to /work
 * and the test files to /run_tests (a neutral name: tracebacks are shown to participants) in Pyodide's in-memory file system, runs them with the
 * standard library's unittest, and streams each test's start and outcome to JavaScript through
 * `emit(json)` so a run killed half way still tells which tests passed and which one was running.
 * Kept as a string so the worker needs no file of its own next to a bundled main process.
 */
export const HARNESS_SOURCE = String.raw`
import ast, asyncio, builtins, importlib, io, json, os, shutil, sys, time, traceback, types, unittest
import asyncio.events as _events
import unittest.async_case, unittest.case, unittest.loader, unittest.result, unittest.runner, unittest.suite

_WORK = '/work'
_TESTS = '/run_tests'
_DETAIL_CHARS = 2000
_base_modules = frozenset(sys.modules)
_base_path = list(sys.path)
_base_builtins = dict(vars(builtins))
_real_streams = (sys.stdout, sys.stderr)
_RANK = {'passed': 0, 'skipped': 0, 'expected_failure': 0, 'unexpected_success': 1, 'failed': 2, 'error': 3}


def _cut(text):
    return text if len(text) <= _DETAIL_CHARS else text[:_DETAIL_CHARS] + '\n…'


class _CappedText(io.TextIOBase):
    """Keeps the first cap characters; a test printing without end must not fill the heap."""

    def __init__(self, cap):
        super().__init__()
        self._cap, self._parts, self._size, self.dropped = cap, [], 0, 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = self._cap - self._size
        if room > 0:
            self._parts.append(text[:room])
            self._size += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def value(self):
        out = ''.join(self._parts)
        return out + (f'\n… {self.dropped} more characters of output not kept' if self.dropped else '')


class _Pause:
    """A selector with nothing to watch: waiting for the next timer is a plain sleep."""

    def select(self, timeout=None):
        if timeout is None:
            raise RuntimeError('every task is waiting and nothing is scheduled to wake one')
        if timeout > 0:
            time.sleep(timeout)
        return []


class _TestLoop(asyncio.BaseEventLoop):
    """Pyodide's own loop cannot block without stack switching, which this runtime may lack;
    tests (asyncio.run, IsolatedAsyncioTestCase) get a plain loop that runs timers in order."""

    def __init__(self):
        super().__init__()
        self._selector = _Pause()

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass


class _TestLoopPolicy(_events._BaseDefaultEventLoopPolicy):
    _loop_factory = _TestLoop


_web_loop = _events._get_running_loop()
_web_policy = _events._get_event_loop_policy()


def _use_test_loop(on):
    _events._set_running_loop(None if on else _web_loop)
    _events._set_event_loop_policy(_TestLoopPolicy() if on else _web_policy)


def _from_stdlib(module):
    origin = getattr(module, '__file__', None)
    if isinstance(origin, str):
        return origin.startswith('/lib/')
    return getattr(getattr(module, '__spec__', None), 'origin', None) in ('built-in', 'frozen')


def _restore():
    """Undo what the previous run left behind so a warm interpreter starts every run the same way."""
    sys.stdout, sys.stderr = _real_streams
    _use_test_loop(False)
    for name in list(sys.modules):
        if name not in _base_modules and not _from_stdlib(sys.modules[name]):
            del sys.modules[name]
    sys.path[:] = _base_path
    current = vars(builtins)
    for key in [k for k in current if k not in _base_builtins]:
        del current[key]
    current.update(_base_builtins)
    os.chdir('/')
    for root in (_WORK, _TESTS):
        shutil.rmtree(root, ignore_errors=True)
    importlib.invalidate_caches()


def _write(root, files):
    os.makedirs(root, exist_ok=True)
    for rel, content in files.items():
        full = os.path.normpath(os.path.join(root, rel))
        if not full.startswith(root + '/'):
            raise ValueError(f'{rel!r} leaves {root}')
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w', encoding='utf-8') as handle:
            handle.write(content)


def _make_packages(root):
    """Every folder of the tests is a regular package, so a workspace folder of the same name (say tests/ with an
    __init__.py) cannot take the hidden tests' place on the import path."""
    for folder, _dirs, files in os.walk(root):
        if folder != root and '__init__.py' not in files:
            open(os.path.join(folder, '__init__.py'), 'w').close()


def _test_modules(tests):
    names = sorted(rel for rel in tests if rel.endswith('.py') and not rel.endswith('__init__.py'))
    chosen = [rel for rel in names if os.path.basename(rel).startswith('test')] or names
    return [rel[:-3].replace('/', '.') for rel in chosen]


def _import_traceback():
    kind, error, tb = sys.exc_info()
    # Only the frames a task author or participant wrote: not the harness, importlib or stdlib.
    frames = [f for f in traceback.extract_tb(tb) if not f.filename.startswith(('<', '/lib/'))]
    lines = traceback.format_list(frames) + traceback.format_exception_only(kind, error)
    return 'Traceback (most recent call last):\n' + ''.join(lines)


def _expected_ids(tests):
    """Test ids read from the test files' source, before any workspace code runs: classes that derive (in the same
    file) from a *TestCase base, and their test* methods. A test the run never reports is then not run."""
    ids = []
    for module in _test_modules(tests):
        try:
            tree = ast.parse(tests[module.replace('.', '/') + '.py'])
        except (SyntaxError, ValueError, KeyError):
            continue
        classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}

        def base_names(node):
            return [b.attr if isinstance(b, ast.Attribute) else getattr(b, 'id', '') for b in node.bases]

        def is_test_case(node, seen=()):
            for name in base_names(node):
                if name.endswith('TestCase') and name not in classes:
                    return True
                if name in classes and name not in seen and is_test_case(classes[name], seen + (name,)):
                    return True
            return False

        def methods(node, seen=()):
            own = [f.name for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith('test')]
            for name in base_names(node):
                if name in classes and name not in seen:
                    own += methods(classes[name], seen + (name,))
            return own

        for node in tree.body:
            if isinstance(node, ast.ClassDef) and is_test_case(node):
                ids += sorted({f'{module}.{node.name}.{m}' for m in methods(node)})
    return ids


def _watched():
    """What decides an outcome: unittest's classes and module functions, the builtins, the exits, and this harness.
    Each entry keeps the object and, for a function, its code, so a swapped method or a rewritten body both show."""
    places = {}
    for module in (unittest, unittest.case, unittest.async_case, unittest.result, unittest.suite, unittest.loader, unittest.runner):
        for name, value in list(vars(module).items()):
            if isinstance(value, type) or callable(value):
                places[f'{module.__name__}.{name}'] = (vars(module), name)
            if isinstance(value, type) and value.__module__.startswith('unittest'):
                for attr in list(vars(value)):
                    places[f'{module.__name__}.{name}.{attr}'] = (vars(value), attr)
    for name in list(vars(builtins)):
        places[f'builtins.{name}'] = (vars(builtins), name)
    for name in ('exit', 'modules'):
        places[f'sys.{name}'] = (vars(sys), name)
    places['os._exit'] = (vars(os), '_exit')
    for name, value in list(globals().items()):
        if isinstance(value, (types.FunctionType, type)):
            places[f'harness.{name}'] = (globals(), name)
            if isinstance(value, type):
                for attr in list(vars(value)):
                    places[f'harness.{name}.{attr}'] = (vars(value), attr)
    return places


def _fingerprint(value):
    return (id(value), id(getattr(value, '__code__', None)), id(getattr(value, '__defaults__', None)))


def _snapshot():
    return {label: (where, name, _fingerprint(where.get(name))) for label, (where, name) in _watched().items()}


def _changed(snapshot):
    return [label for label, (where, name, print_) in snapshot.items() if _fingerprint(where.get(name)) != print_]


def _ids(suite):
    out = []
    for item in suite:
        out.extend(_ids(item) if isinstance(item, unittest.TestSuite) else [item.id()])
    return out


class _Recorder(unittest.TestResult):
    def __init__(self, emit, snapshot):
        super().__init__()
        self._emit = emit
        self._current = None
        self._snapshot = snapshot
        self._reported = set()

    def check_machinery(self):
        """Reports (once each) what the code under test has changed in the machinery since the run began."""
        changed = [name for name in _changed(self._snapshot) if name not in self._reported]
        if changed:
            self._reported.update(changed)
            self._emit(json.dumps({'type': 'tampered', 'what': changed}))

    def finish(self, entry):
        item = {'type': 'outcome', 'id': entry['id'], 'outcome': entry['outcome'] or 'error'}
        if entry['detail']:
            item['detail'] = _cut('\n'.join(entry['detail']))
        elif entry['outcome'] is None:
            item['detail'] = 'The test ended without reporting an outcome.'
        self._emit(json.dumps(item))

    def _add(self, test, outcome, detail=None):
        entry = self._current
        if entry is None or entry['id'] != test.id():
            # Class and module fixtures report errors outside any started test.
            self.finish({'id': test.id(), 'outcome': outcome, 'detail': [detail] if detail else []})
            return
        if entry['outcome'] is None or _RANK[outcome] > _RANK[entry['outcome']]:
            entry['outcome'] = outcome
        if detail:
            entry['detail'].append(detail)

    def startTest(self, test):
        super().startTest(test)
        self._current = {'id': test.id(), 'outcome': None, 'detail': []}
        self._emit(json.dumps({'type': 'start', 'id': test.id()}))

    def stopTest(self, test):
        entry, self._current = self._current, None
        self.check_machinery()
        if entry is not None:
            self.finish(entry)
        super().stopTest(test)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._add(test, 'passed')

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._add(test, 'failed', self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._add(test, 'error', self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._add(test, 'skipped', reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._add(test, 'expected_failure')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._add(test, 'unexpected_success', 'The test was marked as an expected failure but passed.')

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            kind = 'failed' if issubclass(err[0], test.failureException) else 'error'
            self._add(test, kind, f'{subtest}:\n' + self._exc_info_to_string(err, test))


def run_suite(request_json, emit):
    request = json.loads(request_json)
    _restore()
    captured = _CappedText(int(request.get('output_chars', 8000)))
    emit(json.dumps({'type': 'expected', 'ids': _expected_ids(request['tests'])}))
    recorder = _Recorder(emit, _PRISTINE)
    try:
        _write(_WORK, request['files'])
        _write(_TESTS, request['tests'])
        _make_packages(_TESTS)
        sys.path[:0] = [_TESTS, _WORK]
        os.chdir(_WORK)
        sys.stdout = sys.stderr = captured
        _use_test_loop(True)
        loader = unittest.TestLoader()
        suite = unittest.TestSuite()
        broken = []
        for name in _test_modules(request['tests']):
            try:
                module = importlib.import_module(name)
                if not str(getattr(module, '__file__', '')).startswith(_TESTS + '/'):
                    raise ImportError(f'a workspace file took the place of the test module {name}')
                suite.addTests(loader.loadTestsFromModule(module))
            except KeyboardInterrupt:
                raise
            except BaseException:
                broken.append({'id': name, 'outcome': 'error', 'detail': [_import_traceback()]})
        emit(json.dumps({'type': 'collected', 'ids': _ids(suite)}))
        for entry in broken:
            recorder.finish(entry)
        recorder.check_machinery()
        suite.run(recorder)
        recorder.check_machinery()
    finally:
        sys.stdout, sys.stderr = _real_streams
        _use_test_loop(False)
    output = captured.value()
    _restore()
    return json.dumps({'output': output})


# Taken when the interpreter has run nothing but this file: a warm interpreter that an earlier run of the same
# session patched keeps reporting it, since the patch is still there.
_PRISTINE = _snapshot()
`;
