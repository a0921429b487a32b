namespace MemAnalyzer.Retention;

/// <summary>
/// The verdict on one step of a root path (or on its root): <see cref="NotLeaking"/>, <see cref="Leaking"/> or
/// <see cref="Unknown"/>, why, and whether the step is on the path's suspect sub-path (from the last step that is not
/// leaking to the one before the first that is; without a leaking step, to the end).
/// </summary>
public sealed record StepVerdict(string Verdict, string Reason, bool Suspect)
{
    public const string NotLeaking = "NOT LEAKING";
    public const string Leaking = "LEAKING";
    public const string Unknown = "UNKNOWN";
}
