namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>A <see cref="BeforeAfterTarget"/> with a retention oracle for each of its two dumps, opened when first asked for.</summary>
public abstract class RetentionOracleTarget : BeforeAfterTarget
{
    private readonly Lazy<RetentionOracle> _before;
    private readonly Lazy<RetentionOracle> _after;

    protected RetentionOracleTarget(string mode, string command, string acknowledgement)
        : base(mode, command, acknowledgement)
    {
        _before = new(() => RetentionOracle.Open(BeforePath));
        _after = new(() => RetentionOracle.Open(AfterPath));
    }

    public RetentionOracle Before => _before.Value;

    public RetentionOracle After => _after.Value;

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            if (_before.IsValueCreated)
            {
                _before.Value.Dispose();
            }
            if (_after.IsValueCreated)
            {
                _after.Value.Dispose();
            }
        }
        base.Dispose(disposing);
    }
}
