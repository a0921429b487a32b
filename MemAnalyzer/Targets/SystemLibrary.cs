using System.Text.RegularExpressions;

namespace MemAnalyzer.Targets;

/// <summary>
/// The operating system's libraries a .NET process maps (libc, libstdc++, ld-linux, libm, libpthread, ICU, OpenSSL, …):
/// the managed heap's walk never reads them, so a dump that lacks them is never worth a -bindir warning.
/// </summary>
public static partial class SystemLibrary
{
    private static readonly string[] s_folders = ["/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/local/lib/"];

    /// <param name="path">The file's path as the dump records it.</param>
    public static bool Is(string path) =>
        (s_folders.Any(f => path.StartsWith(f, StringComparison.Ordinal)) && !path.Contains("/dotnet/", StringComparison.Ordinal))
        || Known().IsMatch(Path.GetFileName(path));

    [GeneratedRegex(@"^(ld-linux.*|ld64\.so.*|linux-vdso.*|lib(c|m|dl|rt|pthread|util|resolv|gcc_s|stdc\+\+|z|atomic|numa|unwind|lttng-ust.*|icu\w*|ssl|crypto|gssapi\w*|krb5\w*|selinux|pcre\w*|nss_\w+)([-.][0-9.]+)?\.so(\.[0-9.]+)?)$",
        RegexOptions.CultureInvariant)]
    private static partial Regex Known();
}
