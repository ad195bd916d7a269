"""Work to do once a library is imported: now if it already is, else right
after its first import (a one-time finder on ``sys.meta_path``). This is how
the pandas accessor and the polars namespaces are registered without the
package importing pandas or polars itself."""

import importlib.abc
import importlib.util
import sys


class _AfterImport(importlib.abc.MetaPathFinder):
    def __init__(self, name, callback):
        self.name = name
        self.callback = callback
        self.finding = False

    def find_spec(self, fullname, path=None, target=None):
        # Libraries look for a module without importing it (find_spec), so
        # the finder stays until the module is really executed.
        if fullname != self.name or self.finding:
            return None
        self.finding = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self.finding = False
        loader = getattr(spec, "loader", None)
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec
        finder = self

        def exec_then_register(module):
            exec_module(module)
            try:
                sys.meta_path.remove(finder)
            except ValueError:
                return
            _run(finder.callback, module)

        loader.exec_module = exec_then_register
        return spec


def _run(callback, module):
    try:
        callback(module)
    except Exception as error:  # a failed registration never breaks the import
        import warnings

        warnings.warn(f"onecontact: could not register with {module.__name__}: {error}",
                      RuntimeWarning, stacklevel=2)


def when_imported(name, callback):
    """Calls ``callback(module)`` once ``name`` is imported."""
    module = sys.modules.get(name)
    if module is not None:
        _run(callback, module)
    else:
        sys.meta_path.insert(0, _AfterImport(name, callback))
