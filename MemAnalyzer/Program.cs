using System.Runtime.InteropServices;
using McMaster.Extensions.CommandLineUtils;
using MemAnalyzer.Cli;

// Before anything is written: the output gets the text alone, without System.Console's keypad-mode sequence.
TerminalStreams.Install();
using var cancellation = new CancellationTokenSource();
// Ctrl+C as a signal, not through Console.CancelKeyPress: that sets the terminal up for key reading (keypad mode, written
// into the output and never undone). Let the walk stop at its next check, so that a suspended process is detached
// (resumed) on the thread that attached it.
using var interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, context =>
{
    context.Cancel = true;
    cancellation.Cancel();
});
using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, context =>
{
    context.Cancel = true;
    cancellation.Cancel();
});
// The isolated analysis child ends with the MemAnalyzer that started it (after the handler above is in place).
ParentDeath.Follow(cancellation);
return CommandRunner.Run(args, PhysicalConsole.Singleton, cancellation.Token);
