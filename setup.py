"""The optional compiled accelerator of the research encoding (``cuttle.bots._fastenc``).

Everything else is in ``pyproject.toml``. The extension is optional: without Cython or a
C compiler the package installs and runs on its pure-Python encoder (the reference).
"""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython: the pure-Python encoder only
    ext_modules = []
else:
    ext_modules = cythonize(
        [
            Extension(
                "cuttle.bots._fastenc",
                ["src/cuttle/bots/_fastenc.pyx"],
                optional=True,
            )
        ],
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
    for ext in ext_modules:
        ext.optional = True  # cythonize() makes new Extension objects without the flag

setup(ext_modules=ext_modules)
