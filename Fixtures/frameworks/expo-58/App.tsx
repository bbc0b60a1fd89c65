import * as Location from 'expo-location';
import React, {useState} from 'react';
import {Button, FlatList, Text, View} from 'react-native';

type Catch = {id: number; species: string; where?: string};

export default function App() {
  const [log, setLog] = useState<Catch[]>([]);
  const record = async (species: string) => {
    const {granted} = await Location.requestForegroundPermissionsAsync();
    const here = granted ? await Location.getCurrentPositionAsync() : undefined;
    setLog(l => [
      {id: Date.now(), species, where: here ? `${here.coords.latitude.toFixed(2)}, ${here.coords.longitude.toFixed(2)}` : undefined},
      ...l,
    ]);
  };
  return (
    <View style={{flex: 1, paddingTop: 64}}>
      <Button title="Log a mackerel" onPress={() => record('Mackerel')} />
      <FlatList data={log} keyExtractor={c => String(c.id)} renderItem={({item}) => <Text>{item.species} {item.where}</Text>} />
    </View>
  );
}
