/// Marvel's terms ask for this text wherever their data is shown.
public enum Attribution {
    public static let marvel = "Data provided by Marvel. © 2025 MARVEL"
}
