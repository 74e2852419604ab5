"""The applications built on the engine: the command line, the terminal game, the web API (run
under Pyodide), simulations, the balance reports and the benches. They import the engine; the
engine never imports them."""
