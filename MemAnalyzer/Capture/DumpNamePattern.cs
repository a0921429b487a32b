namespace MemAnalyzer.Capture;

/// <summary>ProcDump's name patterns: PROCESSNAME (the app, as -ps names it: LeakyApp for "dotnet LeakyApp.dll"), PID, YYMMDD and HHMMSS in a dump file name.</summary>
public static class DumpNamePattern
{
    public static string Expand(string pattern, TargetProcessInfo process, DateTime now) =>
        pattern.Replace("PROCESSNAME", ProcessMatch.AppName(process), StringComparison.Ordinal)
            .Replace("PID", process.Pid.ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal)
            .Replace("YYMMDD", now.ToString("yyMMdd", System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal)
            .Replace("HHMMSS", now.ToString("HHmmss", System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);

    /// <summary>Where a dump goes when the user named a directory or nothing: ProcDump's own pattern.</summary>
    public const string DefaultName = "PROCESSNAME_PID_YYMMDD_HHMMSS.dmp";
}
