using System.Text.Json;
using System.Text.Json.Serialization;

namespace MemAnalyzer.Output;

/// <summary>Writes a <see cref="JsonTable"/>; reads one back as the list it is, for a batch to write again.</summary>
public sealed class JsonTableConverter : JsonConverter<JsonTable>
{
    public override JsonTable Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        return JsonTable.Of(document.RootElement.Clone());
    }

    public override void Write(Utf8JsonWriter writer, JsonTable value, JsonSerializerOptions options) => value.Write(writer, options);
}
