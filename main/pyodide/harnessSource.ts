/**
 * The Python side of a test run, loaded once per worker. It writes the workspace files to /work
 * and the test files to /run_tests (a neutral name: tracebacks are shown to participants) in Pyodide's in-memory file system, runs them with the
 * standard library's unittest, and streams each test's start and outcome to JavaScript through
 * `emit(json)` so a run killed half way still tells which tests passed and which one was running.
 * Kept as a string so the worker needs no file of its own next to a bundled main process.
 */
export const HARNESS_SOURCE = String.raw`
import asyncio, builtins, importlib, io, json, os, shutil, sys, time, traceback, unittest
import asyncio.events as _events

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


def _ids(suite):
    out = []
    for item in suite:
        out.extend(_ids(item) if isinstance(item, unittest.TestSuite) else [item.id()])
    return out


class _Recorder(unittest.TestResult):
    def __init__(self, emit):
        super().__init__()
        self._emit = emit
        self._current = None

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
    recorder = _Recorder(emit)
    try:
        _write(_WORK, request['files'])
        _write(_TESTS, request['tests'])
        sys.path[:0] = [_TESTS, _WORK]
        os.chdir(_WORK)
        sys.stdout = sys.stderr = captured
        _use_test_loop(True)
        loader = unittest.TestLoader()
        suite = unittest.TestSuite()
        broken = []
        for name in _test_modules(request['tests']):
            try:
                suite.addTests(loader.loadTestsFromModule(importlib.import_module(name)))
            except KeyboardInterrupt:
                raise
            except BaseException:
                broken.append({'id': name, 'outcome': 'error', 'detail': [_import_traceback()]})
        emit(json.dumps({'type': 'collected', 'ids': _ids(suite)}))
        for entry in broken:
            recorder.finish(entry)
        suite.run(recorder)
    finally:
        sys.stdout, sys.stderr = _real_streams
        _use_test_loop(False)
    output = captured.value()
    _restore()
    return json.dumps({'output': output})
`;
