"""What a client saw in each flow, recorded for client-flows.test.ts to compare between servers.

A flow that raises records its error instead of stopping the run, so that one broken flow does not
hide the others.
"""
import json
import traceback


class Flows:
    def __init__(self):
        self.seen = {}

    def __call__(self, name):
        def record(run):
            try:
                self.seen[name] = run()
            except Exception as error:  # noqa: BLE001 - the error is the flow's result
                self.seen[name] = {'error': f'{type(error).__name__}: {error}',
                                   'trace': traceback.format_exc().splitlines()[-6:]}
            return run
        return record

    def write(self, path):
        with open(path, 'w') as out:
            json.dump(self.seen, out, ensure_ascii=False, indent=1, sort_keys=True, default=str)
