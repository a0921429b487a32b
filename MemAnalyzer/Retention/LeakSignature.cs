using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

namespace MemAnalyzer.Retention;

/// <summary>
/// A leak's identity across dumps, processes and runs: the first 16 hex digits of the SHA-256 of its suspect sub-path's
/// labels (the root, when it is on the sub-path, and each step's type and field, generic arguments included; a run of
/// one type as one step, without its range), one label per line. No address, count, size or thread number goes in, so
/// the same leak at 2 or at 20 iterations, in another process, has the same signature; another owner has another.
/// </summary>
public static partial class LeakSignature
{
    /// <summary>How many hex digits a signature has.</summary>
    public const int Digits = 16;

    /// <summary>The signature of <paramref name="path"/>'s suspect sub-path (the whole path when it was not judged); of <paramref name="typeName"/> alone when there is no path.</summary>
    public static string Of(RootPath? path, string typeName) => Hash(path is null ? ["(no path) " + typeName] : Labels(path));

    /// <summary>The labels that are hashed, one per step of the suspect sub-path: what a signature stands for.</summary>
    public static IReadOnlyList<string> Labels(RootPath path)
    {
        var labels = new List<string>(path.Steps.Count + 1);
        if (path.Verdicts?.Root.Suspect ?? true)
        {
            labels.Add(RootLabel(path.Root));
        }
        for (var i = 0; i < path.Steps.Count; i++)
        {
            if (path.Verdicts?.Steps[i].Suspect ?? true)
            {
                labels.Add(path.Steps[i].Shape);
            }
        }
        return labels;
    }

    /// <summary>Whether <paramref name="text"/> is a signature as <see cref="Of"/> writes it (hex digits, any case).</summary>
    public static bool IsSignature(string text) => text.Length == Digits && text.All(char.IsAsciiHexDigit);

    /// <summary>The root's name without what differs between processes: a stack root's thread number.</summary>
    private static string RootLabel(RootName root) => ThreadNumber().Replace(root.Description, "stack of a thread in ");

    private static string Hash(IEnumerable<string> labels)
    {
        var hash = SHA256.HashData(Encoding.UTF8.GetBytes(string.Join('\n', labels)));
        return Convert.ToHexStringLower(hash.AsSpan(0, Digits / 2));
    }

    [GeneratedRegex(@"^stack of thread \d+ in ")]
    private static partial Regex ThreadNumber();
}
