using System.Security.Cryptography;
using System.Text;

namespace MemAnalyzer.Tests.Infrastructure;

/// <summary>
/// A leak signature as docs/views.md defines it, computed apart from the product: the first 16 hex digits of the SHA-256
/// of the suspect sub-path's labels (full type names, "Type.field" per step), joined by line feeds.
/// </summary>
public static class SignatureOracle
{
    public static string Of(params string[] labels) =>
        Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(string.Join("\n", labels))))[..16].ToLowerInvariant();
}
