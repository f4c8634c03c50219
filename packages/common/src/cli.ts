import { ConfigError } from './env.js';

export interface CliCommand {
  name: string;
  summary: string;
  usage?: string;
  run(args: string[]): Promise<number | undefined>;
}

/** Errors a user can act on: printed as one line, exit code 1, no stack trace. */
export class UserError extends Error {
  override name = 'UserError';
}

/** Runs the command named by the first argument; prints help for none, `--help` or `help`. */
export async function runCli(program: string, description: string, commands: CliCommand[], argv: string[]) {
  const [name, ...rest] = argv;
  const help = () => {
    const width = Math.max(...commands.map((c) => c.name.length));
    const lines = [
      `${description}`,
      '',
      `usage: ${program} <command> [options]`,
      '',
      'commands:',
      ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
      '',
      `Run "${program} <command> --help" for a command's options.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  };
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    help();
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`${program}: unknown command "${name}"\n`);
    help();
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage ?? `usage: ${program} ${command.name}`}\n\n${command.summary}\n`);
    return 0;
  }
  try {
    const code = await command.run(rest);
    return code ?? 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof UserError) {
      process.stderr.write(`${program}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** Parses `--name value` and `--flag` options; positional arguments are kept in order. */
export function parseOptions(
  args: string[],
  spec: { strings?: string[]; flags?: string[] },
): { options: Record<string, string | true>; positional: string[] } {
  const options: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (spec.flags?.includes(key)) {
      options[key] = true;
    } else if (spec.strings?.includes(key)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UserError(`option --${key} needs a value`);
      options[key] = value;
    } else {
      throw new UserError(`unknown option --${key}`);
    }
  }
  return { options, positional };
}
