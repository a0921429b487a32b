namespace MemAnalyzer;

/// <summary>
/// An anticipated, user-facing failure. Program prints its message as one <c>error:</c> line and exits with <see cref="ExitCode"/>.
/// The message says what happened and what to do.
/// </summary>
public sealed class MemAnalyzerException(int exitCode, string message, Exception? inner = null)
    : Exception(message, inner)
{
    public int ExitCode { get; } = exitCode;
}
