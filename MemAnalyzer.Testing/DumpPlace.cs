using System.Diagnostics;
using System.Text;

namespace MemAnalyzer.Testing;

/// <summary>
/// Where a failing assertion's dump goes: the test's output folder (the test assembly's folder), named after the test
/// method that asserted when it can be found on the stack. Kept so that CI can upload it, unless
/// <c>MEMANALYZER_KEEPDUMP=0</c>.
/// </summary>
internal static class DumpPlace
{
    public const string KeepVariable = "MEMANALYZER_KEEPDUMP";

    public static bool Keep => Environment.GetEnvironmentVariable(KeepVariable) != "0";

    public static string For(string? folder = null)
    {
        var directory = folder ?? AppContext.BaseDirectory;
        var name = $"leak-{Sanitize(TestName())}-{Environment.ProcessId}-{DateTime.UtcNow:yyyyMMdd-HHmmss-fff}.dmp";
        return Path.Combine(directory, name);
    }

    /// <summary>Class.Method of the first frame outside this library (an async test's state machine named as its method).</summary>
    private static string TestName()
    {
        foreach (var frame in new StackTrace().GetFrames())
        {
            var method = frame.GetMethod();
            var type = method?.DeclaringType;
            if (type is null || type.Assembly == typeof(DumpPlace).Assembly || type.Namespace?.StartsWith("System", StringComparison.Ordinal) == true)
            {
                continue;
            }
            // <Method>d__3.MoveNext of an async method: the method is in the state machine's name, the class is its parent.
            if (type.Name.StartsWith('<') && type.Name.IndexOf('>') is > 1 and var end && type.DeclaringType is { } outer)
            {
                return $"{outer.Name}.{type.Name[1..end]}";
            }
            return $"{type.Name}.{method!.Name}";
        }
        return "test";
    }

    private static string Sanitize(string name)
    {
        var text = new StringBuilder(name.Length);
        foreach (var c in name)
        {
            text.Append(char.IsLetterOrDigit(c) || c is '.' or '_' or '-' ? c : '_');
        }
        return text.Length > 120 ? text.ToString(0, 120) : text.ToString();
    }
}
